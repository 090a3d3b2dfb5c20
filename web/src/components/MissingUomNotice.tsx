import { itemKey } from '@cpb/domain';
import { Button, Group, List, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface MissingUnit {
  ItemID: string;
  ItemPkSz: number;
  Unit: string;
}

/**
 * The shared Missing UOM notice (spec part 1 §2.2, §2.5): the linked items that lack the unit
 * their link names. "Add units" appends them as New rows, distributed on save.
 */
export function MissingUomNotice({
  opened,
  missing,
  onAdd,
  onCancel,
}: {
  opened: boolean;
  missing: MissingUnit[];
  onAdd: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('missingUom.title')} centered>
      <Text size="sm">{t('missingUom.text')}</Text>
      <List size="sm" mt="sm">
        {missing.map((m) => (
          <List.Item key={`${itemKey(m.ItemID, m.ItemPkSz)}|${m.Unit}`}>
            {t('itemForm.missingUnitFor', { unit: m.Unit, item: itemKey(m.ItemID, m.ItemPkSz) })}
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('itemForm.cancel')}
        </Button>
        <Button onClick={onAdd} data-autofocus>
          {t('missingUom.add')}
        </Button>
      </Group>
    </Modal>
  );
}
