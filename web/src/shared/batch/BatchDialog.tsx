import { Anchor, Box, Button, Group, Modal } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CentralPricePreview,
  type PreviewColumn,
  type PreviewRow,
} from '../../components/CentralPricePreview';
import { helpPath } from '../states';

/** What Preview showed: OK then applies exactly this change. */
export interface PreviewData {
  heading: string;
  header: string;
  /** The stores OK writes to, by number and name. */
  stores: string;
  columns: PreviewColumn[];
  rows: PreviewRow[];
}

/** What every batch dialog receives from the page. */
export interface BatchDialogBase {
  busy: boolean;
  /** Another dialog (the PDF viewer) is open above this one: Escape is its own. */
  covered: boolean;
  preview: PreviewData | null;
  exporting: boolean;
  onClose: () => void;
  onBack: () => void;
  onExportPdf: () => void;
}

/** A batch dialog's result, handed to the page: the call's own fields. */
export type BatchBody = Record<string, unknown>;

export interface BatchDialogProps extends BatchDialogBase {
  title: string;
  /** The form allows submission (its domain schema accepts it). */
  canSubmit: boolean;
  body: () => BatchBody;
  onPreview: (body: BatchBody) => void;
  onOk: (body: BatchBody) => void;
  children: ReactNode;
}

/**
 * The frame of every batch dialog (spec part 1 §2.4): the form, Preview, OK, Cancel and the
 * help link. OK and Preview stay disabled until the form allows submission; the result goes
 * back to the page, which makes the call. In preview mode the Central Price preview panel
 * replaces the form, with Back to change it.
 */
export function BatchDialog(props: BatchDialogProps) {
  const { t } = useTranslation();
  const { title, canSubmit, busy, preview, children } = props;
  const { form, ok } = useWorkFocus(preview !== null);
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={title}
      size={preview ? 1100 : 'lg'}
      closeOnClickOutside={false}
      closeOnEscape={!props.covered}
    >
      <Box ref={form} display={preview ? 'none' : undefined}>
        {children}
      </Box>
      {preview && (
        <CentralPricePreview
          heading={preview.heading}
          header={preview.header}
          stores={preview.stores}
          columns={preview.columns}
          rows={preview.rows}
          onExportPdf={props.onExportPdf}
          exporting={props.exporting}
        />
      )}
      <Group justify="space-between" mt="lg">
        <Anchor href={helpPath('main.itemAdjust')} target="_blank" rel="noreferrer" size="sm">
          {t('shell.helpLink')}
        </Anchor>
        <Group gap="xs">
          {preview && (
            <Button variant="default" onClick={props.onBack} disabled={busy}>
              {t('itemAdjust.back')}
            </Button>
          )}
          <Button variant="default" onClick={props.onClose} disabled={busy}>
            {t('itemAdjust.cancel')}
          </Button>
          {!preview && (
            <Button
              variant="light"
              onClick={() => props.onPreview(props.body())}
              disabled={!canSubmit || busy}
            >
              {t('itemAdjust.preview')}
            </Button>
          )}
          <Button ref={ok} onClick={() => props.onOk(props.body())} disabled={!canSubmit} loading={busy}>
            {t('itemAdjust.ok')}
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}

/** The first field of a form that a user can type in or pick from. */
const FIELD = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

/**
 * Focus where the work goes on (issue 25): on opening, the form's first field (marked
 * `data-autofocus` as the form mounts, so the modal's focus trap takes it instead of its Close
 * button); on Preview, OK; on Back, the first field again.
 */
function useWorkFocus(previewing: boolean) {
  const form = useRef<HTMLDivElement | null>(null);
  const ok = useRef<HTMLButtonElement>(null);
  const formRef = useCallback((node: HTMLDivElement | null) => {
    form.current = node;
    node?.querySelector(FIELD)?.setAttribute('data-autofocus', '');
  }, []);
  const shown = useRef(previewing);
  useEffect(() => {
    if (shown.current === previewing) return;
    shown.current = previewing;
    const target = previewing ? ok.current : form.current?.querySelector<HTMLElement>(FIELD);
    const timer = setTimeout(() => target?.focus(), 0);
    return () => clearTimeout(timer);
  }, [previewing]);
  return { form: formRef, ok };
}
