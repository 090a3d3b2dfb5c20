import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A legend: a named list of marks with what each means. */
export function LegendList({
  label,
  className,
  entries,
}: {
  label: string;
  className: string;
  entries: ReadonlyArray<{ key: string; mark: ReactNode; text: string }>;
}) {
  return (
    <Group gap="sm" component="ul" aria-label={label} className={`ou-legend ${className}`} wrap="wrap">
      {entries.map((e) => (
        <Group key={e.key} gap={6} component="li" wrap="nowrap">
          {e.mark}
          <Text size="sm">{e.text}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** What the marks before a value mean (the grid's ValueCell draws them). */
export function ValueLegend() {
  const { t } = useTranslation();
  const entries = [
    ['▲', 'outsideUpd.markUp'],
    ['▼', 'outsideUpd.markDown'],
    ['●', 'outsideUpd.markChanged'],
    ['✎', 'outsideUpd.markEdited'],
  ] as const;
  return (
    <LegendList
      label={t('outsideUpd.valueLegend')}
      className="ou-value-legend"
      entries={entries.map(([mark, text]) => ({
        key: mark,
        mark: (
          <span aria-hidden className="ou-mark">
            {mark}
          </span>
        ),
        text: t(text),
      }))}
    />
  );
}
