import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
    <Group
      gap="sm"
      component="ul"
      aria-label={t('outsideUpd.valueLegend')}
      className="ou-legend ou-value-legend"
      wrap="wrap"
    >
      {entries.map(([mark, label]) => (
        <Group key={mark} gap={4} component="li" wrap="nowrap">
          <span aria-hidden className="ou-mark">
            {mark}
          </span>
          <Text size="sm">{t(label)}</Text>
        </Group>
      ))}
    </Group>
  );
}
