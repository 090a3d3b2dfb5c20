import { ActionIcon, Group, Popover, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function InfoIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <rect x="7.25" y="7" width="1.5" height="5" rx="0.5" fill="currentColor" />
      <circle cx="8" cy="4.7" r="0.9" fill="currentColor" />
    </svg>
  );
}

/**
 * A summary row of the item editor (spec §2.6): a label, a one-line summary and a popover with
 * the details. `toggle` adds the control that opens the row's collapsible panel.
 */
export function SummaryRow({
  label,
  summary,
  details,
  toggle,
}: {
  label: string;
  summary: string;
  details: ReactNode;
  toggle?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" data-testid={`summary-${label}`}>
      {toggle}
      <Text size="sm" fw={600} w={130}>
        {label}
      </Text>
      <Text size="sm" c="dimmed" truncate="end" style={{ flex: 1 }}>
        {summary}
      </Text>
      <Popover width={320} position="bottom-end" withArrow shadow="md">
        <Popover.Target>
          <ActionIcon variant="subtle" size="sm" aria-label={t('itemForm.showDetails', { what: label })}>
            <InfoIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {label}
            </Text>
            {details}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
