import { normalizeItemId } from '@cpb/domain';
import {
  Autocomplete,
  type ComboboxItem,
  defaultOptionsFilter,
  type OptionsFilter,
  TextInput,
} from '@mantine/core';
import { DEPT_MIN_CHARS, type FieldKind, TYPEAHEAD_LIMIT, type TypeaheadLimits } from './criteriaFields';

const deptFilter: OptionsFilter<string> = (input) =>
  input.search.trim().length < DEPT_MIN_CHARS ? [] : (defaultOptionsFilter(input) as typeof input.options);

/** One input of a criterion: a text box or a typeahead over a lookup. */
export function CriterionField({
  kind,
  field,
  label,
  placeholder,
  value,
  error,
  suggestions,
  limits = TYPEAHEAD_LIMIT,
  onChange,
}: {
  kind: FieldKind;
  field: string;
  label: string;
  /** 'from' / 'to' on the two ends of a range. */
  placeholder?: string;
  value: string;
  error?: string;
  suggestions: readonly string[];
  /** The screen's typeahead limits (Item Adjustment's by default). */
  limits?: TypeaheadLimits;
  onChange: (value: string) => void;
}) {
  if (kind === 'text') {
    const isCode = field === 'InventoryID' || field === 'UPC';
    return (
      <TextInput
        aria-label={label}
        placeholder={placeholder}
        size="xs"
        value={value}
        error={error}
        onChange={(e) => onChange(e.currentTarget.value)}
        // IDs are upper-cased and a '/' + UPC-E expands when the box is left (spec part 1 §5).
        onBlur={isCode && value.trim() ? () => onChange(normalizeItemId(value)) : undefined}
        style={{ flex: 1 }}
      />
    );
  }
  return (
    <Autocomplete
      aria-label={label}
      placeholder={placeholder}
      size="xs"
      value={value}
      error={error}
      data={suggestions as string[] | ComboboxItem[]}
      limit={limits[kind]}
      filter={kind === 'dept' ? deptFilter : undefined}
      onChange={onChange}
      style={{ flex: 1 }}
      comboboxProps={{ shadow: 'md' }}
    />
  );
}
