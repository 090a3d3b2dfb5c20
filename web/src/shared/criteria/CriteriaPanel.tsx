import {
  type CriteriaForm,
  type CriteriaLookups,
  type Department,
  fieldErrors,
  msg,
  NONE_DEPT_SUB_NUM,
  setCriterionValue,
} from '@cpb/domain';
import { Button, Checkbox, Collapse, Group, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CriterionField } from './CriterionField';
import type { CriteriaConfig, CriterionRow } from './criteriaFields';
import { criteriaSummary } from './criteriaSummary';

const text = (v: CriteriaForm[string]) => (v == null || typeof v === 'boolean' ? '' : String(v));

/**
 * The collapsible search-criteria panel of Item Adjustment (spec part 1 §2.3, §5) and the Current
 * Prices Report (part 2): each criterion of the screen's list with its apply checkbox, which turns
 * on when a value is typed and off when it is emptied; Apply Criteria as the screen's rule allows.
 * Folded, its header line sums up the criteria of the search on screen (`applied`).
 */
export function CriteriaPanel({
  config,
  lookups,
  departments,
  searching,
  initial,
  applied,
  open: openProp,
  onOpenChange,
  onApply,
}: {
  /** The screen's criteria: rows, schema, submit rule, typeahead limits (criteriaFields.ts). */
  config: CriteriaConfig;
  lookups: CriteriaLookups | undefined;
  departments: readonly Department[];
  searching: boolean;
  /** The criteria applied when the user last left the screen. */
  initial?: CriteriaForm;
  /** The criteria of the search on screen, summed up on the header line while the panel is folded. */
  applied?: CriteriaForm;
  /** Open or folded, when the screen decides (Item Adjustment folds it after a search that found items). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onApply: (form: CriteriaForm) => void;
}) {
  const { t } = useTranslation();
  const [ownOpen, setOwnOpen] = useState(true);
  const open = openProp ?? ownOpen;
  const toggle = () => {
    setOwnOpen(!open);
    onOpenChange?.(!open);
  };
  const bodyId = useId();
  // The domain's criteria schema is the form's resolver. Restored criteria count as touched, so
  // Apply Criteria is offered for them at once; Clear makes the form pristine again.
  const criteria = useForm<CriteriaForm>({
    mode: 'controlled',
    initialValues: initial ?? {},
    initialTouched: initial ? Object.fromEntries(Object.keys(initial).map((k) => [k, true])) : {},
    validate: schemaResolver(config.schema, { sync: true }),
  });
  const form = criteria.values;
  const pristine = !criteria.isTouched();
  const parsed = config.schema.safeParse(form);
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
    criteria.setValues((f) => setCriterionValue(f as CriteriaForm, field, value, config.rows));
    criteria.setTouched((prev) => ({ ...prev, [field]: true }));
  };
  const apply = (row: CriterionRow, on: boolean) => criteria.setFieldValue(row.apply, on);
  const summary =
    applied &&
    criteriaSummary(applied, config.rows, {
      row: (row) => t(`itemAdjust.criteria.${row.key}`),
      from: (name) => t('itemAdjust.criteria.from', { name }),
      to: (name) => t('itemAdjust.criteria.to', { name }),
    });
  const clear = () => {
    criteria.setInitialValues({});
    criteria.reset();
  };

  return (
    <Paper withBorder radius="sm" mb="sm">
      <UnstyledButton
        onClick={toggle}
        aria-expanded={open}
        aria-controls={bodyId}
        px="md"
        py={6}
        w="100%"
        style={{ borderBottom: open ? '1px solid var(--mantine-color-gray-3)' : undefined }}
      >
        <Group gap={6} wrap="nowrap">
          <Text aria-hidden size="sm">
            {open ? '▾' : '▸'}
          </Text>
          <Text fw={600} size="sm" style={{ flexShrink: 0 }}>
            {t('itemAdjust.criteria.title')}
          </Text>
          {!open && summary && (
            <Text size="sm" c="dimmed" truncate="end" ml="sm" data-testid="criteria-summary">
              {summary.length > 0 ? summary.join(' · ') : t('itemAdjust.criteria.noneApplied')}
            </Text>
          )}
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id={bodyId}>
        <form
          onSubmit={criteria.onSubmit((values) => {
            if (config.canSubmit(values, pristine)) onApply(values);
          })}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing={8} p="md">
            {config.rows.map((row) => {
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
                      limits={config.limits}
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
            <Button type="submit" size="sm" disabled={searching || !config.canSubmit(form, pristine)}>
              {searching ? msg('IN_PROGRESS') : t('itemAdjust.criteria.applyCriteria')}
            </Button>
          </Group>
        </form>
      </Collapse>
    </Paper>
  );
}
