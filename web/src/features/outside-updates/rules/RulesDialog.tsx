import type { OuRule } from '@cpb/domain';
import { Alert, Button, Group, Loader, Modal, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ouKeys } from '../api';
import { deleteOuRule, dryRunOuRules, type OuDryRun, ouRuleKeys, ouRulesQuery, saveOuRule } from './api';
import { ACTION_LABEL, bodyOf, conditionText, EMPTY_FORM, type RuleForm as Form, formOf } from './conditions';
import { RuleForm } from './RuleForm';

type Editing = { rule: OuRule | null } | null;

/**
 * The zone's auto-accept rules: the list (in the order they are tried), add, edit, enable,
 * delete, and a dry run of the enabled rules on today's list.
 */
export function RulesDialog({
  user,
  zoneId,
  zoneName,
  onClose,
  onUseDecisions,
}: {
  user: string;
  zoneId: number;
  zoneName: string;
  onClose: () => void;
  /** Sets the dry run's decisions as the actions of today's list (nothing is written until Apply Changes). */
  onUseDecisions?: (decisions: OuDryRun['Decisions']) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const rules = useQuery(ouRulesQuery(user, zoneId));
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<OuRule | null>(null);
  const [dry, setDry] = useState<OuDryRun | null>(null);
  const refresh = () => {
    setDry(null);
    return qc.invalidateQueries({ queryKey: ouRuleKeys.list(user, zoneId) });
  };
  const save = useMutation({
    mutationFn: (o: { form: Form; ruleId?: number }) => saveOuRule(user, zoneId, bodyOf(o.form), o.ruleId),
    onSuccess: async () => {
      setEditing(null);
      await refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: (r: OuRule) =>
      saveOuRule(user, zoneId, { ...bodyOf(formOf(r)), Enabled: !r.Enabled }, r.RuleID),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (r: OuRule) => deleteOuRule(user, zoneId, r.RuleID),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
  });
  const dryRun = useMutation({
    mutationFn: () => dryRunOuRules(user, zoneId),
    onSuccess: (d) => {
      setDry(d);
      // The list itself may have changed since it was read.
      void qc.invalidateQueries({ queryKey: ouKeys.list(user, zoneId) });
    },
  });
  const error = [toggle.error, remove.error, dryRun.error].find((e) => e) as Error | undefined;
  const list = rules.data ?? [];

  return (
    <Modal opened onClose={onClose} title={t('ouRules.title', { zone: zoneName })} size="80rem" centered>
      <Stack gap="sm">
        <Text size="sm">{t('ouRules.intro')}</Text>
        {rules.isPending && <Loader size="sm" aria-label={t('LOADING_PLEASE_WAIT')} />}
        {rules.isError && <Alert color="red">{(rules.error as Error).message}</Alert>}
        {rules.isSuccess && list.length === 0 && <Text size="sm">{t('ouRules.none')}</Text>}
        {list.length > 0 && (
          <Table striped withTableBorder fz="sm" aria-label={t('ouRules.open')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{t('ouRules.order')}</Table.Th>
                <Table.Th>{t('ouRules.name')}</Table.Th>
                <Table.Th w={100}>{t('ouRules.action')}</Table.Th>
                <Table.Th>{t('ouRules.conditions')}</Table.Th>
                <Table.Th w={160}>{t('ouRules.changed')}</Table.Th>
                <Table.Th w={80}>{t('ouRules.enabled')}</Table.Th>
                <Table.Th w={150} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((r) => (
                <Table.Tr key={r.RuleID}>
                  <Table.Td>{r.Priority}</Table.Td>
                  <Table.Td>{r.Name}</Table.Td>
                  <Table.Td>{t(ACTION_LABEL[r.Action])}</Table.Td>
                  <Table.Td>{conditionText(r.Conditions, t)}</Table.Td>
                  <Table.Td>
                    {t('ouRules.changedBy', {
                      user: r.UpdatedBy ?? r.CreatedBy,
                      when: dayjs(r.UpdatedAt ?? r.CreatedAt).format('MM/DD/YYYY HH:mm'),
                    })}
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={t('ouRules.enabledRule', { name: r.Name })}
                      checked={r.Enabled}
                      disabled={toggle.isPending}
                      onChange={() => toggle.mutate(r)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="default"
                        aria-label={t('ouRules.editRule', { name: r.Name })}
                        onClick={() => {
                          save.reset();
                          setEditing({ rule: r });
                        }}
                      >
                        {t('ouRules.edit')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        color="red"
                        aria-label={t('ouRules.deleteRule', { name: r.Name })}
                        onClick={() => setDeleting(r)}
                      >
                        {t('ouRules.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {deleting && (
          <Alert color="red" variant="light" p="xs">
            <Group justify="space-between">
              <Text size="sm">{t('ouRules.confirmDelete', { name: deleting.Name })}</Text>
              <Group gap="xs">
                <Button size="compact-xs" variant="default" onClick={() => setDeleting(null)}>
                  {t('ouRules.cancel')}
                </Button>
                <Button
                  size="compact-xs"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => remove.mutate(deleting)}
                >
                  {t('ouRules.delete')}
                </Button>
              </Group>
            </Group>
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {error.message}
          </Alert>
        )}
        {editing ? (
          <RuleForm
            key={editing.rule?.RuleID ?? 'new'}
            initial={editing.rule ? formOf(editing.rule) : EMPTY_FORM}
            saving={save.isPending}
            serverError={save.error ? (save.error as Error).message : null}
            onCancel={() => setEditing(null)}
            onSave={(form) => save.mutate({ form, ruleId: editing.rule?.RuleID })}
          />
        ) : (
          <Group gap="xs">
            <Button
              size="xs"
              onClick={() => {
                save.reset();
                setEditing({ rule: null });
              }}
            >
              {t('ouRules.add')}
            </Button>
            <Button size="xs" variant="default" loading={dryRun.isPending} onClick={() => dryRun.mutate()}>
              {t('ouRules.dryRun')}
            </Button>
          </Group>
        )}
        {dry && <DryRunTable result={dry} onUse={onUseDecisions} />}
      </Stack>
    </Modal>
  );
}

function DryRunTable({
  result,
  onUse,
}: {
  result: OuDryRun;
  onUse?: (decisions: OuDryRun['Decisions']) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('ouRules.dryRunTitle')}>
      <Title order={3} size="sm" mb={4}>
        {t('ouRules.dryRunTitle')}
      </Title>
      <Text size="sm" mb={4}>
        {result.Decisions.length === 0
          ? t('ouRules.dryRunNone')
          : t('ouRules.dryRunSummary', {
              decided: String(result.Decisions.length),
              considered: String(result.Considered),
              kept: String(result.KeptByUser),
            })}
      </Text>
      {result.Decisions.length > 0 && (
        <Table.ScrollContainer minWidth={500} mah={260}>
          <Table striped withTableBorder fz="sm" aria-label={t('ouRules.dryRunTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ouRules.item')}</Table.Th>
                <Table.Th>{t('ouRules.packSize')}</Table.Th>
                <Table.Th>{t('ouRules.description')}</Table.Th>
                <Table.Th>{t('ouRules.rule')}</Table.Th>
                <Table.Th>{t('ouRules.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.Decisions.map((d) => (
                <Table.Tr key={`${d.ID}@${d.PackSize}`}>
                  <Table.Td>{d.ID}</Table.Td>
                  <Table.Td>{d.PackSize}</Table.Td>
                  <Table.Td>{d.Description}</Table.Td>
                  <Table.Td>{d.RuleName}</Table.Td>
                  <Table.Td>{t(ACTION_LABEL[d.Action])}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {onUse && result.Decisions.length > 0 && (
        <Button size="xs" mt="xs" onClick={() => onUse(result.Decisions)}>
          {t('ouRules.useDecisions', { n: String(result.Decisions.length) })}
        </Button>
      )}
    </section>
  );
}
