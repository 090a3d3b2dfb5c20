/** The one-line summary a folded criteria panel shows: the criteria of the search on screen. */
import type { CriteriaForm } from '@cpb/domain';
import type { CriterionRow } from './criteriaFields';

/** Labels the summary borrows from the panel: a row's label and its range's 'from'/'to' labels. */
export interface SummaryLabels {
  row: (row: CriterionRow) => string;
  from: (name: string) => string;
  to: (name: string) => string;
}

const textOf = (v: CriteriaForm[string] | undefined): string =>
  v == null || typeof v === 'boolean' ? '' : String(v).trim();

/**
 * Each applied criterion in the panel's order, as the panel labels it: 'Item ID: 0124410017',
 * 'Unit List: 1.00 – 2.00', 'Margin from 10' for a range with one end. A criterion whose apply box
 * is off, or that has no value, is not part of the search and not listed.
 */
export function criteriaSummary(
  form: CriteriaForm,
  rows: readonly CriterionRow[],
  labels: SummaryLabels,
): string[] {
  return rows.flatMap((row) => {
    if (form[row.apply] !== true) return [];
    const name = labels.row(row);
    const [first, second] = row.fields.map((f) => textOf(form[f]));
    if (row.fields.length === 1) return first ? [`${name}: ${first}`] : [];
    if (first && second) return [`${name}: ${first} – ${second}`];
    if (first) return [`${labels.from(name)} ${first}`];
    if (second) return [`${labels.to(name)} ${second}`];
    return [];
  });
}
