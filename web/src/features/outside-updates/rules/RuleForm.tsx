import { OU_RULE_FIELDS } from '@cpb/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ACTION_LABEL, type RuleForm as Form, problemOf } from './conditions';

/**
 * Adds or edits one rule. The form checks the rule with the domain's schema (OuRuleBody, through
 * `problemOf`) before it is sent and shows its first problem; the server checks again.
 */
export function RuleForm({
  initial,
  saving,
  serverError,
  onSave,
  onCancel,
}: {
  initial: Form;
  saving: boolean;
  serverError: string | null;
  onSave: (f: Form) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Form>({
    mode: 'controlled',
    initialValues: initial,
    // The domain's schema checks the rule as it would be sent; its first problem is the form's.
    validate: (values) => {
      const p = problemOf(values);
      return p ? { rule: p } : {};
    },
  });
  const problem = typeof form.errors.rule === 'string' ? form.errors.rule : null;
  const text = (k: keyof Form, label: string, w?: number) => (
    <TextInput size="xs" label={label} w={w} {...form.getInputProps(k)} />
  );
  return (
    <form
      aria-label={initial.Name ? t('ouRules.editRule', { name: initial.Name }) : t('ouRules.add')}
      onSubmit={form.onSubmit((values) => onSave(values))}
    >
      <Stack gap="xs" className="ou-rule-form">
        <Group gap="sm" align="flex-end" wrap="wrap">
          {text('Name', t('ouRules.name'), 260)}
          <NativeSelect
            size="xs"
            w={130}
            label={t('ouRules.action')}
            {...form.getInputProps('Action')}
            data={(['accept', 'synch_site', 'reject'] as const).map((a) => ({
              value: a,
              label: t(ACTION_LABEL[a]),
            }))}
          />
          {text('Priority', t('ouRules.order'), 70)}
          <Switch
            label={t('ouRules.enabled')}
            {...form.getInputProps('Enabled', { type: 'checkbox' })}
            mb={4}
          />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing={6}>
          <NativeSelect
            size="xs"
            label={t('ouRules.source')}
            {...form.getInputProps('Source')}
            data={[
              { value: 'any', label: t('ouRules.sourceAny') },
              { value: 'Site Import', label: t('ouRules.sourceSite') },
              { value: 'Vendor Import', label: t('ouRules.sourceVendor') },
            ]}
          />
          {text('SiteNo', t('ouRules.siteNo'))}
          {text('VendorId', t('ouRules.vendor'))}
          <NativeSelect
            size="xs"
            label={t('ouRules.newItem')}
            {...form.getInputProps('NewItem')}
            data={[
              { value: 'any', label: t('ouRules.newAny') },
              { value: 'new', label: t('ouRules.newNew') },
              { value: 'existing', label: t('ouRules.newExisting') },
            ]}
          />
          {text('CostWithinPercent', t('ouRules.costPct'))}
          {text('PriceWithinPercent', t('ouRules.pricePct'))}
          {text('DeptFrom', t('ouRules.deptFrom'))}
          {text('DeptTo', t('ouRules.deptTo'))}
        </SimpleGrid>
        <Group gap="md" align="flex-start" wrap="nowrap">
          <Checkbox.Group
            label={t('ouRules.fields')}
            {...form.getInputProps('Fields')}
            size="xs"
            style={{ flex: 1 }}
          >
            <Group gap="sm" mt={4}>
              {OU_RULE_FIELDS.map((fld) => (
                <Checkbox key={fld} value={fld} label={t(`ouRules.fld_${fld}`)} size="xs" />
              ))}
            </Group>
          </Checkbox.Group>
          <NativeSelect
            size="xs"
            w={190}
            label={t('ouRules.fieldsMatch')}
            {...form.getInputProps('FieldsMatch')}
            data={[
              { value: 'any', label: t('ouRules.matchAny') },
              { value: 'only', label: t('ouRules.matchOnly') },
            ]}
          />
        </Group>
        {(problem ?? serverError) && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {problem ?? serverError}
          </Alert>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onCancel}>
            {t('ouRules.cancel')}
          </Button>
          <Button size="xs" type="submit" loading={saving}>
            {t('ouRules.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
