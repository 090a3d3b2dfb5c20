import type { NegCostHeader, NegCostHeaderItem } from '@cpb/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentZone } from '../../shared/zone';
import { stubFetch } from '../../test/fetchStub';
import { testQueryClient } from '../../test/render';
import { NegotiatedCostManager } from './NegotiatedCostManager';

// pdf.js does not run in jsdom: the clone preview's viewer is replaced by a stub.
vi.mock('../../components/pdf/PdfViewerDialog', () => import('../../test/pdfViewerStub'));

const header = (over: Partial<NegCostHeader>): NegCostHeader => ({
  NegCostID: 1,
  VendorId: 'MCL',
  Label: 'COKE SPRING',
  Cost: '0.8123',
  CostEffectiveDateTime: '2026-03-01',
  CostExpirationDateTime: '2026-05-31',
  CostEffectiveDateTimeDisplay: '03/01/2026',
  CostExpirationDateTimeDisplay: '05/31/2026',
  Text: 'COKE SPRING',
  Version: 3,
  ...over,
});
const SPRING = header({});
const CHIPS = header({
  NegCostID: 2,
  VendorId: 'FRITO',
  Label: 'CHIPS Q2',
  Cost: '1.25',
  CostEffectiveDateTimeDisplay: '04/01/2026',
  CostExpirationDateTimeDisplay: '06/30/2026',
  Text: 'CHIPS Q2',
  Version: 1,
});
const COKE: NegCostHeaderItem = {
  NegCostID: 1,
  ID: '04900000044',
  PackSize: 1,
  upc: '049000000443',
  UpcPackSize: 1,
  Description: 'COKE 20OZ',
  InvType: 'R',
};

function stub(routes: Record<string, unknown> = {}) {
  return stubFetch({
    '/userZones/demo': { RootResults: [{ ZoneSetupID: 1, ZoneNo: 1, ZoneName: 'North' }] },
    '/vendors/demo': {
      RootResults: [
        { VendorID: 'MCL', VendorName: 'McLane', Text: 'MCL - McLane' },
        { VendorID: 'FRITO', VendorName: 'Frito-Lay', Text: 'FRITO - Frito-Lay' },
      ],
    },
    '/adjust/negcosthdrs/demo/1': { RootResults: { root: [SPRING, CHIPS], included: [COKE] } },
    ...routes,
  });
}

const headersGrid = () => screen.getByTestId('negcost-headers');
const itemsGrid = () => screen.getByTestId('negcost-items');
const selectHeader = async (label: string) =>
  fireEvent.click(await within(headersGrid()).findByRole('checkbox', { name: `Select ${label}` }));

/** The screen in a data router: it blocks route changes until its rows are saved (useBlocker). */
function renderManager() {
  const router = createMemoryRouter([{ path: '/', element: <NegotiatedCostManager user="demo" /> }]);
  const result = render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={testQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user: userEvent.setup({ delay: null }) };
}

afterEach(() => {
  setCurrentZone(null);
  act(() => notifications.clean());
});

describe('Negotiated Cost Manager', () => {
  it("lists the zone's headers (cost with 4 decimals) and the selected header's items", async () => {
    setCurrentZone('1');
    stub();
    renderManager();
    const grid = headersGrid();
    expect(await within(grid).findByText('COKE SPRING')).toBeInTheDocument();
    expect(within(grid).getByText('CHIPS Q2')).toBeInTheDocument();
    expect(within(grid).getByText('0.8123')).toBeInTheDocument();
    expect(within(grid).getByText('1.2500')).toBeInTheDocument();
    expect(within(grid).getByText('03/01/2026')).toBeInTheDocument();
    expect(screen.getByText('2 negotiated cost(s)')).toBeInTheDocument();
    expect(within(itemsGrid()).queryByText('COKE 20OZ')).toBeNull();

    await selectHeader('COKE SPRING');
    expect(await screen.findByRole('heading', { name: 'Items of COKE SPRING' })).toBeInTheDocument();
    expect(await within(itemsGrid()).findByText('COKE 20OZ')).toBeInTheDocument();
    expect(within(itemsGrid()).getByText('049000000443')).toBeInTheDocument();
  });

  it("Add without a header says 'Need to select Neg. Cost Header' and opens no row", async () => {
    setCurrentZone('1');
    const api = stub();
    const { user } = renderManager();
    await within(headersGrid()).findByText('COKE SPRING');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Need to select Neg. Cost Header')).toBeInTheDocument();
    expect(within(itemsGrid()).queryByText('CHANGE ME')).toBeNull();
    expect(api.callsTo('/negcost/demo/addNegotiatedCostItems')).toHaveLength(0);
  });

  it('Add of an item already in the list is refused with the spec sentence, the row removed, nothing sent', async () => {
    setCurrentZone('1');
    const api = stub();
    const { user } = renderManager();
    await selectHeader('COKE SPRING');
    await within(itemsGrid()).findByText('COKE 20OZ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // The new row opens with its ID cell in edit: the placeholder, then the pack size.
    const idEditor = await waitFor(() => {
      const input = itemsGrid().querySelector<HTMLInputElement>('.ag-cell-inline-editing input');
      expect(input).not.toBeNull();
      return input as HTMLInputElement;
    });
    expect(idEditor.value).toBe('CHANGE ME');
    await user.clear(idEditor);
    await user.type(idEditor, '04900000044');
    const packEditor = itemsGrid().querySelector<HTMLInputElement>(
      '.ag-row-editing [col-id="PackSize"] input',
    ) as HTMLInputElement;
    await user.type(packEditor, '1{Enter}');
    expect(
      await screen.findByText(
        /Error On Add Item: Unable to add item\(s\)\s*this item is already in this list of items associated with this negotiated cost/,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(itemsGrid()).queryByDisplayValue('04900000044')).toBeNull());
    expect(itemsGrid().querySelectorAll('.ag-row-editing')).toHaveLength(0);
    expect(api.callsTo('/negcost/demo/addNegotiatedCostItems')).toHaveLength(0);
  });

  it('Delete asks first, naming the header: No sends nothing, Yes deletes it with the version read', async () => {
    setCurrentZone('1');
    const api = stub({
      '/negcostmgr/demo/delNegotiatedCostHeaders': { RootResults: { Deleted: 1 } },
    });
    const { user } = renderManager();
    const del = await screen.findByRole('button', { name: 'Delete' });
    expect(del).toBeDisabled();
    await selectHeader('COKE SPRING');
    await waitFor(() => expect(del).toBeEnabled());

    await user.click(del);
    let dialog = await screen.findByRole('dialog', { name: 'Delete Negotiated Cost' });
    expect(dialog).toHaveTextContent("Delete 1 negotiated cost(s): 'COKE SPRING'?");
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Negotiated Cost' })).toBeNull());
    expect(api.callsTo('/negcostmgr/demo/delNegotiatedCostHeaders')).toHaveLength(0);

    await user.click(del);
    dialog = await screen.findByRole('dialog', { name: 'Delete Negotiated Cost' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('/negcostmgr/demo/delNegotiatedCostHeaders')).toHaveLength(1));
    expect(api.callsTo('/negcostmgr/demo/delNegotiatedCostHeaders')[0].body).toEqual({
      NegotiatedCostHeader: [{ NegCostID: 1, Version: 3 }],
    });
    expect(await screen.findByText('1 negotiated cost(s) deleted.')).toBeInTheDocument();
  });

  it("a refused delete says 'Error: Unable to delete negotiated cost header(s)' with the reason", async () => {
    setCurrentZone('1');
    stub({
      '/negcostmgr/demo/delNegotiatedCostHeaders': () =>
        new Response(JSON.stringify({ ErrorMessage: 'This negotiated cost was changed by someone else' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const { user } = renderManager();
    await selectHeader('CHIPS Q2');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Negotiated Cost' });
    expect(dialog).toHaveTextContent("'CHIPS Q2'");
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(/Error: Unable to delete negotiated cost header\(s\)/)).toHaveTextContent(
      'This negotiated cost was changed by someone else',
    );
  });

  it("a save answered 420 shows 'Backend server cannot save this item' and marks the row", async () => {
    setCurrentZone('1');
    const api = stub({
      '/negcost/demo/updateNegotiatedCostHeaders': () =>
        new Response(JSON.stringify({ ErrorMessage: 'gone' }), {
          status: 420,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const { user } = renderManager();
    const cell = await within(headersGrid()).findByText('CHIPS Q2');
    await user.dblClick(cell);
    const editor = await waitFor(() => {
      const input = headersGrid().querySelector<HTMLInputElement>('[col-id="Label"] input');
      expect(input).not.toBeNull();
      return input as HTMLInputElement;
    });
    await user.clear(editor);
    await user.type(editor, 'CHIPS Q3{Enter}');
    await waitFor(() => expect(api.callsTo('/negcost/demo/updateNegotiatedCostHeaders')).toHaveLength(1));
    expect(api.callsTo('/negcost/demo/updateNegotiatedCostHeaders')[0].body).toMatchObject({
      NegotiatedCostHeader: { NegCostID: 2, Version: 1, Label: 'CHIPS Q3', VendorId: 'FRITO' },
    });
    expect(await screen.findByText('Backend server cannot save this item')).toBeInTheDocument();
    await waitFor(() => expect(headersGrid().querySelector('.ncm-row-error')).not.toBeNull());
  });
});
