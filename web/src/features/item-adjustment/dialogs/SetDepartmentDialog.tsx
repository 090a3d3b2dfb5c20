import { isDeptAllowedForType, keepSubEnabled, NONE_DEPT_SUB_NUM, setDepartmentSchema } from '@cpb/domain';
import { Checkbox, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchDialog } from '../../../shared/batch/BatchDialog';
import { DepartmentTree } from '../../../shared/batch/DepartmentTree';
import type { DialogProps } from '../../../shared/batch/dialogProps';
import { useBatchForm } from '../../../shared/batch/useBatchForm';
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
  // The box keeps its tick while a subdepartment is chosen; the schema counts it only for a department.
  const { form, values, parsed, canSubmit } = useBatchForm(setDepartmentSchema, {
    DeptSubNum: null as number | null,
    keepsub: false,
  });
  const nodes = useMemo(
    () => departments.filter((d) => d.DeptSubNum !== NONE_DEPT_SUB_NUM && isDeptAllowedForType(d, invType)),
    [departments, invType],
  );
  const keepAllowed = values.DeptSubNum !== null && keepSubEnabled(values.DeptSubNum);

  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_department')}
      canSubmit={canSubmit}
      body={() =>
        parsed.success ? { DeptSubNum: parsed.data.DeptSubNum, IsKeepSub: parsed.data.keepSub } : {}
      }
    >
      <Stack gap="sm">
        <DepartmentTree
          departments={nodes}
          value={values.DeptSubNum}
          onChange={(node) => form.setFieldValue('DeptSubNum', node)}
        />
        <Checkbox
          label={t('itemAdjust.dept.keepSub')}
          checked={values.keepsub && keepAllowed}
          disabled={!keepAllowed}
          onChange={(e) => form.setFieldValue('keepsub', e.currentTarget.checked)}
        />
      </Stack>
    </BatchDialog>
  );
}
