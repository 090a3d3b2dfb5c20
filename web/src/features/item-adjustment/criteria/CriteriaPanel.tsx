import {
  type CriteriaForm,
  canSubmitItemAdjustCriteria,
  fieldErrors,
  itemAdjustCriteriaSchema,
  NONE_DEPT_SUB_NUM,
  setCriterionValue,
} from '@cpb/domain';
import { Button, Checkbox, Collapse, Group, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CriteriaLookups, Department } from '../types';
import { CriterionField } from './CriterionField';
import { CRITERIA_ROWS, type CriterionRow } from './criteriaFields';

const text = (v: CriteriaForm[string]) => (v == null || typeof v === 'boolean' ? '' : String(v));

/**
 * The collapsible search-criteria panel (spec part 1 §2.3, §5): each criterion with its apply
 * checkbox, which turns on when a value is typed and off when it is emptied; Apply Criteria
 * is enabled once the form is touched and a valid criterion applies.
 */
export function CriteriaPanel({
  lookups,
  departments,
  searching,
  initial,
  onApply,
}: {
  lookups: CriteriaLookups | undefined;
  departments: readonly Department[];
  searching: boolean;
  /** The criteria applied when the user last left the screen. */
  initial?: CriteriaForm;
  onApply: (form: CriteriaForm) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  // The domain's criteria schema is the form's resolver. Restored criteria count as touched, so
  // Apply Criteria is offered for them at once; Clear makes the form pristine again.
  const criteria = useForm<CriteriaForm>({
    mode: 'controlled',
    initialValues: initial ?? {},
    initialTouched: initial ? Object.fromEntries(Object.keys(initial).map((k) => [k, true])) : {},
    validate: schemaResolver(itemAdjustCriteriaSchema, { sync: true }),
  });
  const form = criteria.values;
  const pristine = !criteria.isTouched();
  const parsed = itemAdjustCriteriaSchema.safeParse(form);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);

  const suggestions = useMemo(
    () => ({
      text: [],
      vendor: lookups?.Vendors.map((v) => v.Text) ?? [],
      dept: departments.filter((d) => d.DeptSubNum !== NONE_DEPT_SUB_NUM).map((d) => d.DeptSubName),
      itemGroup: lookups?.ItemGroups.map((g) => g.DisplayName) ?? [],
      taxGroup: lookups?.TaxGroups.map((g) => g.DisplayName) ?? [],
      redemption: lookups?.Redemptions.map((r) => r.DisplayValue) ?? [],
    }),
    [lookups, departments],
  );

  // A value sets its criterion's apply box too (the domain's setCriterionValue), and touches the form.
  const change = (field: string, value: string) => {
    criteria.setValues((f) => setCriterionValue(f as CriteriaForm, field, value));
    criteria.setTouched((prev) => ({ ...prev, [field]: true }));
  };
  const apply = (row: CriterionRow, on: boolean) => criteria.setFieldValue(row.apply, on);
  const clear = () => {
    criteria.setInitialValues({});
    criteria.reset();
  };

  return (
    <Paper withBorder radius="sm" mb="sm">
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        px="md"
        py={8}
        w="100%"
        style={{ borderBottom: open ? '1px solid var(--mantine-color-gray-3)' : undefined }}
      >
        <Group gap={6}>
          <Text aria-hidden size="sm">
            {open ? '▾' : '▸'}
          </Text>
          <Text fw={600} size="sm">
            {t('itemAdjust.criteria.title')}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <form
          onSubmit={criteria.onSubmit((values) => {
            if (canSubmitItemAdjustCriteria(values, pristine)) onApply(values);
          })}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing={8} p="md">
            {CRITERIA_ROWS.map((row) => {
              const label = t(`itemAdjust.criteria.${row.key}`);
              return (
                <Group key={row.key} gap={8} wrap="nowrap" align="flex-start">
                  <Checkbox
                    mt={6}
                    size="xs"
                    aria-label={t('itemAdjust.criteria.apply', { name: label })}
                    checked={form[row.apply] === true}
                    onChange={(e) => apply(row, e.currentTarget.checked)}
                  />
                  <Text size="sm" w={110} mt={4} style={{ flexShrink: 0 }}>
                    {label}
                  </Text>
                  {row.fields.map((field, i) => (
                    <CriterionField
                      key={field}
                      kind={row.kind}
                      field={field}
                      label={
                        row.fields.length === 1
                          ? label
                          : t(i === 0 ? 'itemAdjust.criteria.from' : 'itemAdjust.criteria.to', {
                              name: label,
                            })
                      }
                      placeholder={
                        row.fields.length === 1
                          ? undefined
                          : t(
                              i === 0
                                ? 'itemAdjust.criteria.fromPlaceholder'
                                : 'itemAdjust.criteria.toPlaceholder',
                            )
                      }
                      value={text(form[field])}
                      error={text(form[field]) ? errors[field] : undefined}
                      suggestions={suggestions[row.kind]}
                      onChange={(v) => change(field, v)}
                    />
                  ))}
                </Group>
              );
            })}
          </SimpleGrid>
          <Group justify="flex-end" px="md" pb="md" gap="xs">
            <Button variant="default" size="sm" onClick={clear}>
              {t('itemAdjust.criteria.clear')}
            </Button>
            <Button
              type="submit"
              size="sm"
              loading={searching}
              disabled={!canSubmitItemAdjustCriteria(form, pristine)}
            >
              {t('itemAdjust.criteria.applyCriteria')}
            </Button>
          </Group>
        </form>
      </Collapse>
    </Paper>
  );
}
