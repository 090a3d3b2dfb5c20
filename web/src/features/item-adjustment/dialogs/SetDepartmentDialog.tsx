import { isDeptAllowedForType, keepSubEnabled, NONE_DEPT_SUB_NUM, setDepartmentSchema } from '@cpb/domain';
import { Checkbox, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchDialog } from '../../../shared/batch/BatchDialog';
import { DepartmentTree } from '../../../shared/batch/DepartmentTree';
import type { DialogProps } from '../../../shared/batch/dialogProps';
import type { Department } from '../types';

/**
 * Set Department: a node of the tree (only EX departments for expense items) and "Keep
 * subdepartments?", offered only when the node is a department (sub 00).
 */
export function SetDepartmentDialog({
  departments,
  invType,
  ...props
}: DialogProps & { departments: readonly Department[]; invType: string }) {
  const { t } = useTranslation();
  const [node, setNode] = useState<number | null>(null);
  const [keepSub, setKeepSub] = useState(false);
  const nodes = useMemo(
    () => departments.filter((d) => d.DeptSubNum !== NONE_DEPT_SUB_NUM && isDeptAllowedForType(d, invType)),
    [departments, invType],
  );
  const keepAllowed = node !== null && keepSubEnabled(node);
  const parsed = setDepartmentSchema.safeParse({ DeptSubNum: node, keepsub: keepSub && keepAllowed });

  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_department')}
      canSubmit={parsed.success}
      body={() =>
        parsed.success ? { DeptSubNum: parsed.data.DeptSubNum, IsKeepSub: parsed.data.keepSub } : {}
      }
    >
      <Stack gap="sm">
        <DepartmentTree departments={nodes} value={node} onChange={setNode} />
        <Checkbox
          label={t('itemAdjust.dept.keepSub')}
          checked={keepSub && keepAllowed}
          disabled={!keepAllowed}
          onChange={(e) => setKeepSub(e.currentTarget.checked)}
        />
      </Stack>
    </BatchDialog>
  );
}
