import { formatUsDate, isWeekend } from '@cpb/domain';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DateField, type DateFieldProps } from './DateField';

/** The field as a form holds it: the typed text in state. */
function Harness(props: Partial<DateFieldProps> & { initial?: string }) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <>
      <DateField label="Effective Date" {...props} value={value} onChange={setValue} />
      <output data-testid="held">{value}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

const box = () => screen.getByRole('textbox', { name: /^Effective Date/ });

describe('DateField', () => {
  it('shows the format as placeholder and takes a typed date', async () => {
    const { user } = renderWithProviders(<Harness />);
    expect(box()).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    await user.type(box(), '12/01/2026');
    expect(screen.getByTestId('held')).toHaveTextContent('12/01/2026');
    expect(box()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('writes a date that reads back as MM/DD/YYYY when the field is left', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(box(), '2/3/2027');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(box()).toHaveValue('02/03/2027');
  });

  it("says 'Invalid Date.' under the field when the text is not a real date", async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(box(), '02/30/2026');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(box()).toHaveAccessibleDescription('Invalid Date.');
  });

  it("says 'Required.' under a required field once it was left empty, not before", async () => {
    const { user } = renderWithProviders(<Harness required />);
    expect(screen.queryByText('Required.')).toBeNull();
    await user.click(box());
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(box()).toHaveAccessibleDescription('Required.');
  });

  it("does not say 'Required.' while the user goes to the calendar to pick the date", async () => {
    const { user } = renderWithProviders(<Harness required />);
    await user.click(box());
    await user.click(screen.getByRole('button', { name: 'Choose Effective Date' }));
    await screen.findByRole('dialog', { name: 'Effective Date' });
    expect(screen.queryByText('Required.')).toBeNull();
  });

  it("shows the caller's rule message for a date that reads", () => {
    renderWithProviders(
      <Harness initial="01/09/2027" error="The effective date cannot fall on a Saturday or Sunday." />,
    );
    expect(box()).toHaveAccessibleDescription('The effective date cannot fall on a Saturday or Sunday.');
  });

  it('opens a calendar at the typed month and fills the box with the day picked', async () => {
    const { user } = renderWithProviders(<Harness initial="03/10/2027" />);
    await user.click(screen.getByRole('button', { name: 'Choose Effective Date' }));
    const calendar = await screen.findByRole('dialog', { name: 'Effective Date' });
    expect(calendar).toBeInTheDocument();
    // jsdom leaves the day cells out of its accessibility tree; a browser does not (see the journey).
    await user.click(within(calendar).getByLabelText('03/24/2027'));
    expect(box()).toHaveValue('03/24/2027');
    expect(screen.queryByRole('dialog', { name: 'Effective Date' })).toBeNull();
  });

  it('does not offer days before minDate nor excluded days (weekends)', async () => {
    const { user } = renderWithProviders(<Harness initial="" minDate="2027-03-10" excludeDate={isWeekend} />);
    await user.click(screen.getByRole('button', { name: 'Choose Effective Date' }));
    const calendar = await screen.findByRole('dialog', { name: 'Effective Date' });
    const day = (iso: string) => within(calendar).getByLabelText(formatUsDate(iso));
    expect(day('2027-03-09')).toBeDisabled();
    expect(day('2027-03-13')).toBeDisabled(); // a Saturday
    expect(day('2027-03-15')).toBeEnabled();
  });
});
