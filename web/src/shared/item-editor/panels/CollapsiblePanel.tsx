import { ActionIcon, Box, Collapse, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { SummaryRow } from './SummaryRow';
import type { Summary } from './summaries';

/** A summary row that opens its panel below it (Add/Edit Item's cost, redemption, tax group, purchase). */
export function CollapsiblePanel({
  label,
  summary,
  children,
}: {
  label: string;
  summary: Summary;
  children: ReactNode;
}) {
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <Stack gap={4}>
      <SummaryRow
        label={label}
        summary={summary.summary}
        details={summary.details}
        toggle={
          <ActionIcon variant="subtle" size="sm" aria-expanded={opened} aria-label={label} onClick={toggle}>
            {opened ? '▾' : '▸'}
          </ActionIcon>
        }
      />
      <Collapse expanded={opened}>
        <Box pl="lg" pb="xs">
          {children}
        </Box>
      </Collapse>
    </Stack>
  );
}
