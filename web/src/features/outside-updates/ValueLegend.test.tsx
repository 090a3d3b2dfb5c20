import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ValueLegend } from './ValueLegend';

describe('the value marks legend', () => {
  it('says what each mark the grid draws before a value means', () => {
    renderWithProviders(<ValueLegend />);
    const items = within(screen.getByRole('list', { name: 'Value marks' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      '▲higher',
      '▼lower',
      '●differs from the zone',
      '✎edited',
    ]);
  });
});
