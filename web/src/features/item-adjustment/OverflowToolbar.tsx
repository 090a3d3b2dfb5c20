import { Box, Button, Group, Menu } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ToolbarAction {
  key: string;
  label: string;
  disabled: boolean;
  onClick: () => void;
}

const GAP = 6;

/**
 * How many of the buttons (widths in order) fit in `available` pixels on one line: all of them,
 * or as many as leave room for the More button after them.
 */
export function fittingCount(widths: readonly number[], moreWidth: number, available: number): number {
  const total = widths.reduce((sum, w, i) => sum + w + (i > 0 ? GAP : 0), 0);
  if (total <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const w of widths) {
    if (used + GAP + w > available) break;
    used += GAP + w;
    count += 1;
  }
  return count;
}

/**
 * A one-line toolbar: the buttons that fit are shown in order, the rest move into a "More" menu
 * (their enabled state kept). An invisible copy of every button measures their widths.
 */
export function OverflowToolbar({ label, actions }: { label: string; actions: readonly ToolbarAction[] }) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(actions.length);

  useLayoutEffect(() => {
    const container = bar.current;
    const copies = measure.current;
    if (!container || !copies) return;
    const fit = () => {
      const widths = [...copies.children].map((c) => (c as HTMLElement).offsetWidth);
      const more = widths.pop() ?? 0;
      setShown(fittingCount(widths, more, container.clientWidth));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(container);
    observer.observe(copies);
    return () => observer.disconnect();
  }, []);

  const visible = actions.slice(0, shown);
  const overflow = actions.slice(shown);
  return (
    <Box pos="relative" mb="sm">
      <Group ref={bar} gap={GAP} wrap="nowrap" role="toolbar" aria-label={label}>
        {visible.map((a) => (
          <Button key={a.key} size="xs" variant="default" disabled={a.disabled} onClick={a.onClick}>
            {a.label}
          </Button>
        ))}
        {overflow.length > 0 && (
          <Menu position="bottom-end" shadow="md">
            <Menu.Target>
              <Button size="xs" variant="default" rightSection={<span aria-hidden>▾</span>}>
                {t('shell.more')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {overflow.map((a) => (
                <Menu.Item key={a.key} disabled={a.disabled} onClick={a.onClick}>
                  {a.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {/* Invisible (not in the accessibility tree, not focusable, no room taken): the widths of every button. */}
      <div
        aria-hidden
        style={{ position: 'absolute', width: 0, height: 0, overflow: 'hidden', visibility: 'hidden' }}
      >
        <Group ref={measure} gap={GAP} wrap="nowrap" w="max-content">
          {actions.map((a) => (
            <Button key={a.key} size="xs" variant="default" tabIndex={-1}>
              {a.label}
            </Button>
          ))}
          <Button size="xs" variant="default" rightSection={<span aria-hidden>▾</span>} tabIndex={-1}>
            {t('shell.more')}
          </Button>
        </Group>
      </div>
    </Box>
  );
}
