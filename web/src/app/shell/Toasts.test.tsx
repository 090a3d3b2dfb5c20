import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '../../shared/notify';
import { Toasts } from './Toasts';

afterEach(() => act(() => notifications.clean()));

const container = () => document.querySelector('.cpb-notifications');

describe('Toasts', () => {
  it('mounts no toast container before the first toast', () => {
    render(
      <MantineProvider>
        <Toasts />
      </MantineProvider>,
    );
    expect(container()).toBeNull();
  });

  it('loads the container at the first toast and shows it bottom right, then the next ones too', async () => {
    render(
      <MantineProvider>
        <Toasts />
      </MantineProvider>,
    );
    act(() => void notify.error('The screen did not load'));
    const first = await screen.findByText('The screen did not load');
    expect(first).toBeVisible();
    // Asked for before the container was there, it still goes where the page puts toasts.
    expect(first.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-right');
    expect(first.closest('[data-position]')).toHaveClass('cpb-notifications');
    act(() => void notify.info('Saved'));
    expect(await screen.findByText('Saved')).toBeVisible();
  });
});
