import type { ItemAnswer } from '@cpb/domain';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 'Item exists in the zone' (spec §2.5): cancel keeps it here, Edit opens it in Add/Edit Item. */
export function ExistsInZoneDialog({
  item,
  onCancel,
  onEdit,
}: {
  item: ItemAnswer | null;
  onCancel: () => void;
  onEdit: (item: ItemAnswer) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={item !== null} onClose={onCancel} title={t('addItem.existsTitle')} centered>
      {item && (
        <Text size="sm">
          {t('addItem.existsText', { item: item.idplu, zone: `${item.ZoneNum} - ${item.ZoneName}` })}
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('itemForm.cancel')}
        </Button>
        <Button onClick={() => item && onEdit(item)} data-autofocus>
          {t('itemForm.edit')}
        </Button>
      </Group>
    </Modal>
  );
}
