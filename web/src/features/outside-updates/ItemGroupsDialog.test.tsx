/** The Item groups dialog: the item's groups checked; OK gives the chosen ones; read only without maintenance. */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ItemGroupsDialog } from './ItemGroupsDialog';
import { root } from './model/testRoots';
import { makeRootRow } from './model/treeRows';

const groups = ['CANDY', 'SODA', 'WATER'].map((ID) => ({
  ID,
  Description: `${ID[0]}${ID.slice(1).toLowerCase()}`,
  DisplayName: ID,
  DisplayValue: ID,
  Active: true,
}));
groups.push({ ID: 'OLD', Description: 'Old', DisplayName: 'OLD', DisplayValue: 'OLD', Active: false });
const row = makeRootRow(root({ ItemGroups: ['SODA'] }), undefined, 1, false);

describe('the Item groups dialog', () => {
  it("checks the item's groups; OK gives the groups chosen", async () => {
    const onChoose = vi.fn();
    const { user } = renderWithProviders(
      <ItemGroupsDialog row={row} groups={groups} canMaintain onChoose={onChoose} onClose={vi.fn()} />,
    );
    expect(screen.getByRole('dialog', { name: `Item groups: ${row.key}` })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'SODA - Soda' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'WATER - Water' }) as HTMLInputElement).checked).toBe(false);
    // An inactive group is not offered to an item that is not in it.
    expect(screen.queryByRole('checkbox', { name: 'OLD - Old' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'WATER - Water' }));
    await user.click(screen.getByRole('checkbox', { name: 'SODA - Soda' }));
    await user.type(screen.getByRole('textbox', { name: 'Search item groups' }), 'cand');
    expect(screen.queryByRole('checkbox', { name: 'WATER - Water' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'CANDY - Candy' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onChoose).toHaveBeenCalledWith(['WATER', 'CANDY']);
  });

  it('with disMaintainItemGroup shows the groups, and nothing can be changed', () => {
    renderWithProviders(
      <ItemGroupsDialog row={row} groups={groups} canMaintain={false} onChoose={vi.fn()} onClose={vi.fn()} />,
    );
    expect(screen.getByText('Your preferences do not allow maintaining item groups.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'SODA - Soda' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'OK' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
