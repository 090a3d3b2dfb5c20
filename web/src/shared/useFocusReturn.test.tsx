import { Button, Modal } from '@mantine/core';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { useFocusReturn } from './useFocusReturn';

function Returner({ open }: { open: boolean }) {
  useFocusReturn(open);
  return null;
}

/** A dialog mounted only while open (as the batch dialogs are), its opener a button. */
function Page({ withReturn }: { withReturn: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {withReturn && <Returner open={open} />}
      <Button onClick={() => setOpen(true)}>Set Price</Button>
      {open && (
        <Modal opened onClose={() => setOpen(false)} title="Set Price dialog">
          <Button onClick={() => setOpen(false)}>OK</Button>
        </Modal>
      )}
    </>
  );
}

describe('useFocusReturn', () => {
  it('gives the focus back to the button that opened an unmounted dialog', async () => {
    const { user } = renderWithProviders(<Page withReturn />);
    const opener = screen.getByRole('button', { name: 'Set Price' });
    opener.focus();
    await user.keyboard('{Enter}');
    const ok = await screen.findByRole('button', { name: 'OK' });
    await vi.waitFor(() =>
      expect(ok.closest('[role="dialog"]')?.contains(document.activeElement)).toBe(true),
    );
    await user.click(ok);
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });

  it('without it, the focus is lost when such a dialog goes', async () => {
    const { user } = renderWithProviders(<Page withReturn={false} />);
    const opener = screen.getByRole('button', { name: 'Set Price' });
    opener.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(opener).not.toHaveFocus();
  });
});
