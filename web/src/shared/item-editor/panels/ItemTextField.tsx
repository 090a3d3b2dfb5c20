import { TextInput, type TextInputProps } from '@mantine/core';
import type { ItemDraft } from '../model/itemDraft';
import type { DraftBinding } from './draftBinding';

type TextField = {
  [K in keyof ItemDraft]: ItemDraft[K] extends string ? K : never;
}[keyof ItemDraft];

interface Props extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  b: DraftBinding;
  field: TextField;
  label: string;
  /** Rewrites the value when the field is left (UPC-E expansion, money format). */
  normalize?: (value: string) => string;
}

/** A text box bound to one text field of the item draft, showing that field's error. */
export function ItemTextField({ b, field, label, normalize, disabled, ...rest }: Props) {
  const value = b.draft[field] as string;
  return (
    <TextInput
      label={label}
      value={value}
      disabled={b.disabled || disabled}
      error={b.errors[field]}
      onChange={(e) => b.update({ [field]: e.currentTarget.value } as Partial<ItemDraft>)}
      onBlur={() => {
        if (normalize) {
          const next = normalize(value);
          if (next !== value) b.update({ [field]: next } as Partial<ItemDraft>);
        }
        b.touch(field);
      }}
      {...rest}
    />
  );
}
