import { formatCurrency, type ItemAnswer, MESSAGES, PRICE_SCALE, parseMoneyInput } from '@cpb/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readOnlyInput } from '../../../components/readOnly';

function listError(text: string): string | null {
  const r = parseMoneyInput(text, PRICE_SCALE);
  if (!r.ok) return MESSAGES[r.code];
  if (r.value === null) return MESSAGES.REQUIRED;
  return r.value < 0n ? MESSAGES.MIN_0 : null;
}

/**
 * 'Item found outside the zone' (spec §2.5, §4): ID/Pksz and description read-only, Unit List
 * editable. Save saves it in this zone, Edit edits a cloned copy, Cancel does nothing.
 */
export function OutsideZoneDialog({
  item,
  busy,
  onSave,
  onEdit,
  onCancel,
}: {
  item: ItemAnswer | null;
  busy: boolean;
  onSave: (unitList: string) => void;
  onEdit: (unitList: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [list, setList] = useState('');
  useEffect(() => setList(item?.UnitList ?? ''), [item]);
  const error = listError(list);
  const formatted = () => {
    const r = parseMoneyInput(list, PRICE_SCALE);
    return r.ok && r.value !== null ? formatCurrency(r.value, PRICE_SCALE) : list;
  };
  const site = item?.SourceSite ? `${item.SourceSite.SiteNo} - ${item.SourceSite.SiteName}` : '';
  return (
    <Modal opened={item !== null} onClose={onCancel} title={t('addItem.outsideTitle')} centered>
      <Stack gap="sm">
        <Text size="sm">{t('addItem.outsideText', { site })}</Text>
        <TextInput label={t('addItem.idPksz')} value={item?.idplu ?? ''} {...readOnlyInput(true)} />
        <TextInput
          label={t('itemForm.description')}
          value={item?.Description ?? ''}
          {...readOnlyInput(true)}
        />
        <TextInput
          label={t('itemForm.unitList')}
          value={list}
          onChange={(e) => setList(e.currentTarget.value)}
          onBlur={() => setList(formatted())}
          error={error}
          data-autofocus
        />
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('itemForm.cancel')}
        </Button>
        <Button variant="light" onClick={() => onEdit(formatted())} disabled={busy || error !== null}>
          {t('itemForm.edit')}
        </Button>
        <Button onClick={() => onSave(formatted())} loading={busy} disabled={error !== null}>
          {t('itemForm.save')}
        </Button>
      </Group>
    </Modal>
  );
}
