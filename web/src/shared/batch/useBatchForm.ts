import { schemaResolver, useForm } from '@mantine/form';
import type { z } from 'zod';

/**
 * A batch dialog's form: `@mantine/form` holding the values, the domain schema as its resolver.
 * OK and Preview are offered exactly when the schema accepts the values (`canSubmit`); the
 * schema's parsed output is what the dialog sends, and its messages are the fields' errors.
 */
export function useBatchForm<V extends Record<string, unknown>, S extends z.ZodType>(
  schema: S,
  initialValues: V,
) {
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
  });
  const parsed = schema.safeParse(form.values);
  /** The schema's first message for `field`, if it refuses it. */
  const issue = (field: keyof V & string): string | undefined =>
    parsed.error?.issues.find((i) => i.path[0] === field)?.message;
  return { form, values: form.values, parsed, issue, canSubmit: form.isValid() };
}
