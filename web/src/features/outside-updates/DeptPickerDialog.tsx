import { formatDeptSub } from '@cpb/domain';
import { Button, Group, Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentTree } from '../../shared/batch/DepartmentTree';
import type { Department } from '../../shared/lookupTypes';
import type { OuRootRow } from './model/types';

/**
 * The department picker of a root row: Item Adjustment's department tree; OK gives the chosen
 * department to the opener, which checks it like a typed one (existing, EX for type X).
 */
export function DeptPickerDialog({
  row,
  departments,
  onChoose,
  onClose,
}: {
  row: OuRootRow;
  departments: readonly Department[];
  onChoose: (deptSub: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const current = departments.find((d) => d.DisplayDeptSub === row.DeptSub)?.DeptSubNum ?? null;
  const [value, setValue] = useState<number | null>(current);
  return (
    <Modal opened onClose={onClose} title={t('outsideUpd.deptTitle', { item: row.key })} size="lg" centered>
      <DepartmentTree departments={departments} value={value} onChange={setValue} />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('confirm.cancel')}
        </Button>
        <Button disabled={value === null} onClick={() => value !== null && onChoose(formatDeptSub(value))}>
          {t('outsideUpd.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
