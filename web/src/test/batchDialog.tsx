/** Opening a batch dialog in a test and filling it as a user would: its buttons, a list choice, what OK and Preview hand the page. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, vi } from 'vitest';
import type { BatchBody } from '../shared/batch/BatchDialog';
import type { DialogProps } from '../shared/batch/dialogProps';
import { renderWithProviders } from './render';

export function dialogProps(over: Partial<DialogProps> = {}): DialogProps {
  return {
    busy: false,
    covered: false,
    preview: null,
    exporting: false,
    onClose: vi.fn(),
    onBack: vi.fn(),
    onExportPdf: vi.fn(),
    onPreview: vi.fn(),
    onOk: vi.fn(),
    ...over,
  };
}

/** Renders a batch dialog with page callbacks the test can read. */
export function openDialog(ui: (p: DialogProps) => ReactElement, over: Partial<DialogProps> = {}) {
  const p = dialogProps(over);
  const r = renderWithProviders(ui(p));
  const ok = () => screen.getByRole('button', { name: 'OK' });
  const preview = () => screen.getByRole('button', { name: 'Preview' });
  /** OK and Preview are both enabled, or both disabled. */
  const expectSubmit = (enabled: boolean) => {
    for (const b of [ok(), preview()]) {
      if (enabled) expect(b).toBeEnabled();
      else expect(b).toBeDisabled();
    }
  };
  /** Presses OK and returns the latest body the dialog handed the page. */
  const pressOk = async (): Promise<BatchBody> => {
    await r.user.click(ok());
    return vi.mocked(p.onOk).mock.lastCall?.[0] as BatchBody;
  };
  /** Presses Preview and returns the latest body the dialog handed the page. */
  const pressPreview = async (): Promise<BatchBody> => {
    await r.user.click(preview());
    return vi.mocked(p.onPreview).mock.lastCall?.[0] as BatchBody;
  };
  return { ...r, p, ok, preview, expectSubmit, pressOk, pressPreview };
}

/** Picks an option of a Mantine select / autocomplete by its text. */
export async function chooseOption(
  user: { click: (e: Element) => Promise<void> },
  box: HTMLElement,
  option: string,
) {
  await user.click(box);
  // jsdom cannot tell the open list from the others (no layout): take the one holding the option.
  const item = await waitFor(() => {
    for (const list of screen.getAllByRole('listbox', { hidden: true })) {
      const found = within(list).queryByText(option);
      if (found) return found;
    }
    throw new Error(`no option ${option}`);
  });
  fireEvent.click(item);
}
