import { Button, Group, Radio, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Department } from '../lookupTypes';

interface Branch {
  dept: number;
  /** The department node itself (sub 00), when the zone has one. */
  node: Department | null;
  name: string;
  subs: Department[];
}

/** Departments grouped under their department (sub 00 is the department node). */
function branches(departments: readonly Department[]): Branch[] {
  const byDept = new Map<number, Branch>();
  for (const d of departments) {
    const b = byDept.get(d.Dept) ?? { dept: d.Dept, node: null, name: d.DeptName, subs: [] };
    if (d.SubDept === 0) b.node = d;
    else b.subs.push(d);
    byDept.set(d.Dept, b);
  }
  return [...byDept.values()].sort((a, b) => a.dept - b.dept);
}

const matches = (d: Department, text: string) => d.DeptSubName.toLowerCase().includes(text);

/**
 * The department tree of Set Department: a search box, expand and collapse all, and a radio
 * per node, in a 300 px area (spec part 1 §2.4, §9). Labels are 14 px and dark enough for
 * WCAG AA.
 */
export function DepartmentTree({
  departments,
  value,
  onChange,
}: {
  departments: readonly Department[];
  value: number | null;
  onChange: (deptSubNum: number) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const all = useMemo(() => branches(departments), [departments]);
  const text = search.trim().toLowerCase();
  const shown = all
    .map((b) => ({
      ...b,
      subs: text && !(b.node && matches(b.node, text)) ? b.subs.filter((s) => matches(s, text)) : b.subs,
    }))
    .filter((b) => !text || (b.node && matches(b.node, text)) || b.subs.length > 0);
  const isOpen = (dept: number) => text !== '' || open.has(dept);
  const toggle = (dept: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(dept)) next.delete(dept);
      else next.add(dept);
      return next;
    });

  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end">
        <TextInput
          label={t('itemAdjust.dept.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: 1 }}
          data-autofocus
        />
        <Button variant="default" size="sm" onClick={() => setOpen(new Set(all.map((b) => b.dept)))}>
          {t('itemAdjust.dept.expandAll')}
        </Button>
        <Button variant="default" size="sm" onClick={() => setOpen(new Set())}>
          {t('itemAdjust.dept.collapseAll')}
        </Button>
      </Group>
      <ScrollArea
        h={300}
        type="auto"
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
      >
        <Radio.Group
          value={value === null ? null : String(value)}
          onChange={(v) => onChange(Number(v))}
          aria-label={t('itemAdjust.dept.tree')}
        >
          <Stack gap={2} p="xs">
            {shown.map((b) => (
              <div key={b.dept}>
                <Group gap={4} wrap="nowrap">
                  <UnstyledButton
                    w={20}
                    aria-expanded={isOpen(b.dept)}
                    aria-label={t(isOpen(b.dept) ? 'itemAdjust.dept.collapse' : 'itemAdjust.dept.expand', {
                      name: b.name,
                    })}
                    onClick={() => toggle(b.dept)}
                    disabled={b.subs.length === 0}
                  >
                    <Text size="sm" ta="center">
                      {b.subs.length === 0 ? '' : isOpen(b.dept) ? '▾' : '▸'}
                    </Text>
                  </UnstyledButton>
                  {b.node ? (
                    <Radio value={String(b.node.DeptSubNum)} label={b.node.DeptSubName} size="sm" />
                  ) : (
                    <Text size="sm" fw={500}>
                      {b.name}
                    </Text>
                  )}
                </Group>
                {isOpen(b.dept) && (
                  <Stack gap={2} pl={44} py={2}>
                    {b.subs.map((s) => (
                      <Radio
                        key={s.DeptSubNum}
                        value={String(s.DeptSubNum)}
                        label={s.DeptSubName}
                        size="sm"
                      />
                    ))}
                  </Stack>
                )}
              </div>
            ))}
          </Stack>
        </Radio.Group>
      </ScrollArea>
    </Stack>
  );
}
