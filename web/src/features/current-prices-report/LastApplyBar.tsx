/**
 * The user's last Apply in the zone, as the server recorded it (GET /currentPrices/{user}/lastApply):
 * when it was, how many of its items Undo can put back, and the Undo button. Items a store changed
 * since are named with the reason Undo would refuse them (the domain's message); Undo leaves them.
 */
import { formatUsDateTime, type LastApplyAnswer, msg } from '@cpb/domain';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Items that cannot be undone named at most; the rest are counted. */
const STALE_SHOWN = 5;

export function LastApplyBar({
  last,
  busy,
  undoing,
  onUndo,
}: {
  last: LastApplyAnswer;
  busy: boolean;
  undoing: boolean;
  onUndo: () => void;
}) {
  const { t } = useTranslation();
  const undoable = last.Items.filter((i) => i.Undoable).length;
  const stale = last.Items.filter((i) => !i.Undoable);
  const at = last.AppliedAt
    ? formatUsDateTime(new Date(last.AppliedAt), Intl.DateTimeFormat().resolvedOptions().timeZone)
    : '';
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-label={t('currentPrices.lastApplyTitle')}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text size="sm">{t('currentPrices.lastApply', { at, n: String(undoable) })}</Text>
          {stale.slice(0, STALE_SHOWN).map((i) => (
            <Text size="xs" c="orange.9" key={`${i.ID}@${i.PackSize}`}>
              {t('currentPrices.staleItem', {
                item: i.ID,
                pack: String(i.PackSize),
                reason: msg('PRICES_CHANGED_SINCE_APPLY'),
              })}
            </Text>
          ))}
          {stale.length > STALE_SHOWN && (
            <Text size="xs" c="orange.9">
              {t('currentPrices.moreStale', { n: String(stale.length - STALE_SHOWN) })}
            </Text>
          )}
        </Stack>
        <Button
          size="xs"
          variant="default"
          disabled={undoable === 0 || busy}
          loading={undoing}
          onClick={onUndo}
        >
          {t('currentPrices.undo')}
        </Button>
      </Group>
    </Paper>
  );
}
