import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { MailDialog, type MailDialogProps } from './MailDialog';

function Opener(props: Partial<MailDialogProps>) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open mail
      </button>
      <MailDialog
        opened={opened}
        title="E-mail Report"
        onSend={() => {}}
        onClose={() => setOpened(false)}
        {...props}
      />
    </>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'E-mail Report' });

describe('MailDialog', () => {
  it('shows To, Cc, Subject, Message, Send and Cancel, with the opener’s subject', async () => {
    renderWithProviders(<Opener initial={{ subject: 'DTS preview' }} />);
    const d = await screen.findByRole('dialog', { name: 'E-mail Report' });
    expect(within(d).getByRole('textbox', { name: 'To' })).toHaveValue('');
    expect(within(d).getByRole('textbox', { name: 'Cc' })).toHaveValue('');
    expect(within(d).getByRole('textbox', { name: 'Subject' })).toHaveValue('DTS preview');
    expect(within(d).getByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(within(d).getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(within(d).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('To is required: Send without it shows Required. and hands nothing back', async () => {
    const onSend = vi.fn();
    const { user } = renderWithProviders(<Opener onSend={onSend} />);
    await screen.findByRole('dialog', { name: 'E-mail Report' });
    await user.type(within(dialog()).getByRole('textbox', { name: 'To' }), '   ');
    await user.click(within(dialog()).getByRole('button', { name: 'Send' }));
    expect(await within(dialog()).findByText('Required.')).toBeInTheDocument();
    expect(within(dialog()).getByRole('textbox', { name: 'To' })).toHaveAttribute('aria-invalid', 'true');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('Send hands the trimmed form to the opener', async () => {
    const onSend = vi.fn();
    const { user } = renderWithProviders(<Opener onSend={onSend} initial={{ subject: 'Preview' }} />);
    await screen.findByRole('dialog', { name: 'E-mail Report' });
    const d = dialog();
    await user.type(within(d).getByRole('textbox', { name: 'To' }), ' buyer@example.com ');
    await user.type(within(d).getByRole('textbox', { name: 'Cc' }), 'boss@example.com');
    await user.type(within(d).getByRole('textbox', { name: 'Message' }), 'Before Friday.');
    await user.click(within(d).getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({
      to: 'buyer@example.com',
      cc: 'boss@example.com',
      subject: 'Preview',
      text: 'Before Friday.',
    });
  });

  it('while the opener sends, the fields and Cancel are locked', async () => {
    renderWithProviders(<Opener sending />);
    const d = await screen.findByRole('dialog', { name: 'E-mail Report' });
    expect(within(d).getByRole('textbox', { name: 'To' })).toBeDisabled();
    expect(within(d).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(d).getByRole('button', { name: 'Send' })).toHaveAttribute('data-loading', 'true');
  });

  it('Cancel closes it, and opening again starts from an empty form', async () => {
    const onSend = vi.fn();
    const { user } = renderWithProviders(<Opener onSend={onSend} />);
    await screen.findByRole('dialog', { name: 'E-mail Report' });
    await user.type(within(dialog()).getByRole('textbox', { name: 'To' }), 'a@example.com');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'E-mail Report' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open mail' }));
    const d = await screen.findByRole('dialog', { name: 'E-mail Report' });
    expect(within(d).getByRole('textbox', { name: 'To' })).toHaveValue('');
    expect(onSend).not.toHaveBeenCalled();
  });
});
