import type { OuRule } from '@cpb/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type StubCall, stubFetch } from '../../../test/fetchStub';
import { renderWithProviders } from '../../../test/render';
import { RulesButton } from './RulesButton';
import { RulesDialog } from './RulesDialog';

const RULES = '/outsideupdates/demo/2/rules';

const rule = (
  o: Omit<Partial<OuRule>, 'Conditions'> & { Conditions?: Partial<OuRule['Conditions']> } = {},
): OuRule => ({
  RuleID: 7,
  ZoneSetupID: 2,
  Name: 'Store 9 descriptions',
  Enabled: true,
  Action: 'reject',
  Priority: 10,
  CreatedBy: 'demo',
  CreatedAt: '2026-11-24T10:00:00.000Z',
  UpdatedBy: null,
  UpdatedAt: null,
  ...o,
  Conditions: {
    Source: 'any',
    SiteNo: 9,
    VendorId: null,
    NewItem: 'any',
    Fields: ['description'],
    FieldsMatch: 'only',
    CostWithinPercent: null,
    PriceWithinPercent: null,
    DeptFrom: null,
    DeptTo: null,
    ...o.Conditions,
  },
});

function stub(list: OuRule[] = [rule()]) {
  return stubFetch({
    [RULES]: (c: StubCall) => {
      if (c.path === `${RULES}/dryrun`)
        return {
          RootResults: {
            Considered: 4,
            KeptByUser: 1,
            Decisions: [
              {
                ID: '04900000045',
                PackSize: 1,
                Description: 'SPRITE 20OZ',
                RuleID: 7,
                RuleName: 'Store 9 descriptions',
                Action: 'reject',
              },
            ],
          },
        };
      if (c.method === 'DELETE') return { RootResults: { Deleted: 1 } };
      if (c.method === 'GET') return { RootResults: list };
      return { RootResults: rule(c.body as Partial<OuRule>) };
    },
  });
}

const open = () =>
  renderWithProviders(<RulesDialog user="demo" zoneId={2} zoneName="Bay Area" onClose={() => {}} />);

describe('RulesDialog', () => {
  it("lists the zone's rules with their conditions, action and enabled switch", async () => {
    stub([
      rule(),
      rule({
        RuleID: 8,
        Name: 'Small cost moves',
        Action: 'accept',
        Priority: 20,
        Enabled: false,
        Conditions: {
          SiteNo: null,
          VendorId: 'MCLANE',
          Fields: ['cost'],
          FieldsMatch: 'any',
          CostWithinPercent: '2.5',
        },
      }),
    ]);
    open();
    const table = await screen.findByRole('table', { name: 'Auto-accept rules' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Order'),
      expect.stringContaining('Store 9 descriptionsRejectfrom store 9, only description changed'),
      expect.stringContaining('Small cost movesAcceptvendor MCLANE, any of cost changed, cost within ±2.5%'),
    ]);
    expect(screen.getByRole('switch', { name: 'Enabled: Store 9 descriptions' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Enabled: Small cost moves' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Edit rule Small cost moves' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete rule Small cost moves' })).toBeInTheDocument();
  });

  it('says who last changed each rule, and when (its author until someone changes it)', async () => {
    stub([
      rule(),
      rule({ RuleID: 8, Name: 'Small cost moves', UpdatedBy: 'bea', UpdatedAt: '2026-11-25T12:00:00.000Z' }),
    ]);
    open();
    const table = await screen.findByRole('table', { name: 'Auto-accept rules' });
    expect(within(table).getByRole('columnheader', { name: 'Last changed' })).toBeInTheDocument();
    const [, first, second] = within(table).getAllByRole('row');
    expect(first.textContent).toContain('demo, 11/2');
    expect(second.textContent).toContain('bea, 11/25/2026');
    expect(second.textContent).not.toContain('demo');
  });

  it('says when the zone has no rules', async () => {
    stub([]);
    open();
    expect(
      await screen.findByText('This zone has no rules: nothing is decided automatically.'),
    ).toBeInTheDocument();
  });

  it('adds a rule from the form and sends its typed conditions', async () => {
    const f = stub([]);
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const form = screen.getByRole('form', { name: 'Add rule' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Store 9 descriptions');
    await user.type(within(form).getByRole('textbox', { name: 'From store' }), '9');
    await user.click(within(form).getByRole('checkbox', { name: 'description' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Fields' }), 'Only these changed');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Action' }), 'Reject');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(f.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = f.calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(RULES);
    expect(post?.body).toEqual({
      Name: 'Store 9 descriptions',
      Enabled: true,
      Action: 'reject',
      Priority: '100',
      Conditions: {
        Source: 'any',
        SiteNo: '9',
        VendorId: null,
        NewItem: 'any',
        Fields: ['description'],
        FieldsMatch: 'only',
        CostWithinPercent: null,
        PriceWithinPercent: null,
        DeptFrom: null,
        DeptTo: null,
      },
    });
    // Saved: the form closes and the list is read again.
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(f.calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it("checks the rule with the domain's schema before sending it", async () => {
    const f = stub([]);
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const form = screen.getByRole('form', { name: 'Add rule' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Everything');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('A rule needs at least one condition.');
    await user.type(within(form).getByRole('textbox', { name: 'Price within ± %' }), '1.2345');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Enter a percent from 0 to 1000 with at most 3 decimals.',
    );
    expect(f.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it("shows the server's refusal and keeps the form open", async () => {
    stub([]);
    const real = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'POST'
          ? new Response(JSON.stringify({ ErrorMessage: "A rule named 'X' already exists in this zone." }), {
              status: 400,
              headers: { 'Content-Type': 'application/json' },
            })
          : real(input, init),
      ),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const form = screen.getByRole('form', { name: 'Add rule' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'X');
    await user.type(within(form).getByRole('textbox', { name: 'From store' }), '9');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      "A rule named 'X' already exists in this zone.",
    );
  });

  it('edits a rule with its values filled in', async () => {
    const f = stub();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit rule Store 9 descriptions' }));
    const form = screen.getByRole('form', { name: 'Edit rule Store 9 descriptions' });
    expect(within(form).getByRole('textbox', { name: 'From store' })).toHaveValue('9');
    expect(within(form).getByRole('checkbox', { name: 'description' })).toBeChecked();
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Store 9 texts');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(f.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = f.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`${RULES}/7`);
    expect(put?.body).toMatchObject({ Name: 'Store 9 texts', Action: 'reject', Priority: '10' });
  });

  it('turns a rule off and deletes one after asking', async () => {
    const f = stub();
    const { user } = open();
    await user.click(await screen.findByRole('switch', { name: 'Enabled: Store 9 descriptions' }));
    await waitFor(() => expect(f.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(f.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      Enabled: false,
      Name: 'Store 9 descriptions',
    });

    await user.click(screen.getByRole('button', { name: 'Delete rule Store 9 descriptions' }));
    expect(screen.getByText('Delete the rule Store 9 descriptions?')).toBeInTheDocument();
    expect(f.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(f.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(f.calls.find((c) => c.method === 'DELETE')?.path).toBe(`${RULES}/7`);
  });

  it("shows the dry run's decisions in a table", async () => {
    const f = stub();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Dry run' }));
    const table = await screen.findByRole('table', { name: "Dry run on today's list" });
    expect(f.callsTo(`${RULES}/dryrun`)[0].method).toBe('POST');
    expect(
      screen.getByText('1 of 4 items would be decided; 1 already have an action chosen by a user.'),
    ).toBeInTheDocument();
    const cells = within(within(table).getAllByRole('row')[1])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['04900000045', '1', 'SPRITE 20OZ', 'Store 9 descriptions', 'Reject']);
  });
});

describe('RulesButton', () => {
  it("sets the dry run's decisions on the list and closes", async () => {
    stub();
    const onUse = vi.fn();
    const { user } = renderWithProviders(
      <RulesButton user="demo" zone={{ ZoneSetupID: 2, ZoneName: 'Bay Area' }} onUseDecisions={onUse} />,
    );
    await user.click(screen.getByRole('button', { name: 'Auto-accept rules' }));
    await user.click(await screen.findByRole('button', { name: 'Dry run' }));
    await user.click(await screen.findByRole('button', { name: 'Set these actions on the list (1)' }));
    expect(onUse).toHaveBeenCalledWith([
      expect.objectContaining({ ID: '04900000045', PackSize: 1, Action: 'reject' }),
    ]);
    expect(screen.queryByRole('dialog', { name: 'Auto-accept rules: Bay Area' })).toBeNull();
  });
});

describe('RulesButton', () => {
  it('is disabled without a zone and opens the editor for the zone', async () => {
    stub([]);
    const none = renderWithProviders(<RulesButton user="demo" zone={null} onUseDecisions={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Auto-accept rules' })).toBeDisabled();
    none.unmount();
    const { user } = renderWithProviders(
      <RulesButton user="demo" zone={{ ZoneSetupID: 2, ZoneName: 'Bay Area' }} onUseDecisions={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Auto-accept rules' }));
    expect(await screen.findByRole('dialog', { name: 'Auto-accept rules: Bay Area' })).toBeInTheDocument();
  });
});
