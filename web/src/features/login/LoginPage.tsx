import type { authCalls } from '@cpb/domain';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { callRoute } from '../../shared/api';
import { sessionQuery, shellKeys } from '../../shared/queries';
import { queryClient } from '../../shared/queryClient';
import { useFinishSignIn } from './useFinishSignIn';

/** The sign-in page (the spec's external login page; its address is appConfig.loginUrl). */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const next = params.get('next');
  const finish = useFinishSignIn();
  const session = useQuery(sessionQuery()).data;
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const finished = useRef(false);

  const signIn = useMutation({
    mutationFn: () =>
      callRoute<typeof authCalls.login>(
        { method: 'POST', path: '/login' },
        { body: { userName, password }, allow401: true },
      ),
    onSuccess: (result) => {
      // A new user: nothing cached for the previous one may survive.
      queryClient.clear();
      queryClient.setQueryData(shellKeys.session, { userName: result?.userName ?? userName });
    },
  });

  // Signed in (just now, or already when the page opened): go on to `next`.
  useEffect(() => {
    if (session && !finished.current) {
      finished.current = true;
      finish(next);
    }
  }, [session, next, finish]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };

  return (
    <Center mih="100vh" bg="gray.1" p="md">
      <Paper component="main" withBorder shadow="sm" p="xl" radius="md" w={380}>
        <Text fw={700} c="blue.9" size="sm" tt="uppercase" mb={4}>
          {t('app.name')}
        </Text>
        <Title order={1} size="h2" mb="xs">
          {t('login.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="lg">
          {t('login.intro')}
        </Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {signIn.isError && (
              <Alert color="red" title={t('login.failed')} role="alert">
                {signIn.error.message}
              </Alert>
            )}
            <TextInput
              label={t('login.userName')}
              value={userName}
              onChange={(e) => setUserName(e.currentTarget.value)}
              autoComplete="username"
              required
              autoFocus
            />
            <PasswordInput
              label={t('login.password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="current-password"
              required
            />
            <Button type="submit" loading={signIn.isPending} disabled={!userName || !password} fullWidth>
              {t('login.signIn')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
