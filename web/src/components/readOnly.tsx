/**
 * How a field that cannot be edited looks: a grey, dashed box with a lock and a plain cursor,
 * so it is not mistaken for an input (Mantine's read-only inputs look editable otherwise).
 */
import { IconLock } from './icons';

export const READ_ONLY_STYLES = {
  input: {
    backgroundColor: 'var(--mantine-color-gray-1)',
    color: 'var(--mantine-color-gray-8)',
    borderStyle: 'dashed',
    cursor: 'default',
  },
} as const;

/** Props of a Mantine input (TextInput, Select ...) that shows a value the user cannot change. */
export function readOnlyInput(readOnly: boolean | undefined) {
  if (!readOnly) return {};
  return {
    readOnly: true,
    styles: READ_ONLY_STYLES,
    rightSection: <IconLock size={14} color="var(--mantine-color-gray-6)" />,
    rightSectionPointerEvents: 'none' as const,
  };
}
