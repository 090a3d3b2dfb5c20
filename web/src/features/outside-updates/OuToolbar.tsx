import { formatNumber } from '@cpb/domain';
import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface OuToolbarProps {
  shown: number;
  total: number | null;
  capped: boolean;
  selected: number;
  pending: number;
  canApply: boolean;
  applying: boolean;
  floatingFilters: boolean;
  onFilters: () => void;
  onExpandAll: () => void;
  onSelectAll: () => void;
  onAccept: () => void;
  onReject: () => void;
  onSync: () => void;
  onApply: () => void;
  onUndo: () => void;
  /** View Report and E-mail Report (OuReports), last in the toolbar. */
  reports?: ReactNode;
}

/** The screen's buttons (spec §2) and the item count. */
export function OuToolbar(p: OuToolbarProps) {
  const { t } = useTranslation();
  const none = p.selected === 0;
  const count =
    p.capped && p.total !== null
      ? t('outsideUpd.itemCountOf', { n: formatNumber(p.shown), total: formatNumber(p.total) })
      : t('outsideUpd.itemCount', { n: formatNumber(p.shown) });
  return (
    <Group justify="space-between" align="flex-start" mb={6} gap="xs" wrap="nowrap">
      {/* The buttons wrap beside the counts, so the counts take no line of their own (issue 25). */}
      <Group
        gap={6}
        role="toolbar"
        aria-label={t('outsideUpd.toolbar')}
        wrap="wrap"
        style={{ flex: 1, minWidth: 0 }}
      >
        <Button
          size="xs"
          variant={p.floatingFilters ? 'light' : 'default'}
          aria-pressed={p.floatingFilters}
          onClick={p.onFilters}
        >
          {t('outsideUpd.filters')}
        </Button>
        <Button size="xs" variant="default" onClick={p.onExpandAll}>
          {t('outsideUpd.expandCollapseAll')}
        </Button>
        <Button size="xs" variant="default" onClick={p.onSelectAll}>
          {t('outsideUpd.selectDeselectAll')}
        </Button>
        <Button size="xs" color="#237032" disabled={none} onClick={p.onAccept}>
          {t('outsideUpd.accept')}
        </Button>
        <Button size="xs" color="red.9" disabled={none} onClick={p.onReject}>
          {t('outsideUpd.reject')}
        </Button>
        <Button size="xs" color="blue.9" disabled={none} onClick={p.onSync}>
          {t('outsideUpd.syncSite')}
        </Button>
        <Button size="xs" disabled={!p.canApply} loading={p.applying} onClick={p.onApply}>
          {t('outsideUpd.applyChanges')}
        </Button>
        <Button size="xs" variant="default" disabled={p.pending === 0 || p.applying} onClick={p.onUndo}>
          {t('outsideUpd.undoChanges')}
        </Button>
        {p.reports}
      </Group>
      <Group gap="md" wrap="nowrap" mt={4}>
        <Text size="sm" c="dimmed">
          {t('outsideUpd.selectedCount', { n: String(p.selected) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('outsideUpd.pendingCount', { n: String(p.pending) })}
        </Text>
        <Text size="sm" fw={600} data-testid="ou-item-count">
          {count}
        </Text>
      </Group>
    </Group>
  );
}
