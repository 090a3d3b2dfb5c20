import { OU_ACTIONS, type OuAction } from '@cpb/domain';
import { Button, Group, Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OuRootRow } from './model/types';

/** Select an action (spec §2): the item's ID, pack size, UPC and UPC pack size, and the four actions. */
export function SelectActionDialog({
  row,
  onChoose,
  onClose,
}: {
  row: OuRootRow;
  onChoose: (action: OuAction) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [action, setAction] = useState<OuAction>(row.action);
  const facts = [
    [t('outsideUpd.col.Idcode'), row.root.Idcode],
    [t('outsideUpd.col.PackSize'), String(row.root.PackSize)],
    [t('outsideUpd.col.Upccode'), row.root.Upccode ?? ''],
    [t('outsideUpd.upcPackSize'), row.root.Upcpacksize === null ? '' : String(row.root.Upcpacksize)],
  ] as const;
  return (
    <Modal opened onClose={onClose} title={t('outsideUpd.selectActionTitle')} centered>
      <SimpleGrid cols={2} spacing={4} mb="md" component="dl" className="ou-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <Text component="dt" size="xs" c="dark.4">
              {k}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0}>
              {v}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Radio.Group
        label={t('outsideUpd.selectActionChoice')}
        value={action}
        onChange={(v) => setAction(v as OuAction)}
      >
        <Stack gap={6} mt={6}>
          {OU_ACTIONS.map((a) => (
            <Radio
              key={a}
              value={a}
              label={t(`outsideUpd.action.${a}`)}
              disabled={a === 'synch_site' && row.root.isNew}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('confirm.cancel')}
        </Button>
        <Button onClick={() => onChoose(action)} data-autofocus>
          {t('outsideUpd.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
