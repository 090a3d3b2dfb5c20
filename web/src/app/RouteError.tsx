import { Alert } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useRouteHandle } from '../shared/handle';
import { notify } from '../shared/notify';

function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A failed route change (screen or its data did not load): toast with the screen title and the error. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const title = useRouteHandle()?.title() ?? '';
  const text = t('shell.routeError', { title, error: errorText(error) });
  useEffect(() => {
    console.error(error);
    notify.error(text);
  }, [error, text]);
  return (
    <Alert color="red" variant="light" role="status">
      {text}
    </Alert>
  );
}
