import '@mantine/dates/styles.css';
import { dateInputError, formatUsDate, MESSAGES, parseDateInput } from '@cpb/domain';
import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCalendar } from '../icons';

export interface DateFieldProps {
  label: string;
  /** The text as typed: MM/DD/YYYY once it reads (the form keeps text, the schemas parse it). */
  value: string;
  onChange: (text: string) => void;
  required?: boolean;
  /** A rule's message about a date that reads (before today, a weekend...), shown under the field. */
  error?: string | null;
  /** Show 'Required.' even before the field was left (after a submit attempt). */
  showErrors?: boolean;
  /** First day the picker offers (ISO). */
  minDate?: string;
  /** Days the picker does not offer (ISO in, e.g. weekends). */
  excludeDate?: (isoDate: string) => boolean;
  disabled?: boolean;
  w?: number | string;
}

/**
 * The one date field of the page (spec part 1 §9: dates as MM/DD/YYYY). The user types the date
 * or picks it from a calendar (the button beside the box). 'Required.' and 'Invalid Date.' show
 * under this field once it has been left, as do the caller's rule messages.
 */
export function DateField({
  label,
  value,
  onChange,
  required,
  error,
  showErrors,
  minDate,
  excludeDate,
  disabled,
  w,
}: DateFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [touched, setTouched] = useState(false);
  const iso = parseDateInput(value);
  const formatError = dateInputError(value, { required });
  const shown = touched || showErrors || (value.trim().length >= 10 && formatError === 'INVALID_DATE');
  const message = formatError ? (shown ? MESSAGES[formatError] : undefined) : (error ?? undefined);

  const close = () => {
    setOpen(false);
    setTouched(true);
  };
  const pick = (day: string | null) => {
    if (day) onChange(formatUsDate(day));
    close();
  };

  return (
    <Popover
      opened={open && !disabled}
      onChange={(o) => (o ? setOpen(true) : close())}
      onDismiss={close}
      position="bottom-start"
      shadow="md"
      // The calendar button carries aria-haspopup/expanded; a text box may not (axe aria-allowed-attr).
      withRoles={false}
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <TextInput
          label={label}
          placeholder={t('dates.format')}
          value={value}
          required={required}
          disabled={disabled}
          error={message}
          w={w}
          autoComplete="off"
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={(e) => {
            // A date that reads is written back in the one format; the field counts as visited
            // unless the user went to the calendar button (the calendar's close counts instead).
            if (iso && value !== formatUsDate(iso)) onChange(formatUsDate(iso));
            const toPicker = e.relatedTarget instanceof HTMLElement && e.relatedTarget.dataset.datePicker;
            if (!open && !toPicker) setTouched(true);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && e.altKey) setOpen(true);
          }}
          rightSection={
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('dates.openPicker', { label })}
              aria-haspopup="dialog"
              data-date-picker="open"
              aria-expanded={open}
              disabled={disabled}
              onClick={() => (open ? close() : setOpen(true))}
            >
              <IconCalendar />
            </ActionIcon>
          }
        />
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={label}>
        <DatePicker
          value={iso}
          onChange={pick}
          defaultDate={iso ?? minDate ?? undefined}
          minDate={minDate}
          excludeDate={excludeDate}
          getDayAriaLabel={(day) => formatUsDate(day)}
          ariaLabels={{
            previousMonth: t('dates.previousMonth'),
            nextMonth: t('dates.nextMonth'),
            monthLevelControl: t('dates.chooseLevel'),
            previousYear: t('dates.previousYear'),
            nextYear: t('dates.nextYear'),
            yearLevelControl: t('dates.chooseDecade'),
            previousDecade: t('dates.previousDecade'),
            nextDecade: t('dates.nextDecade'),
          }}
          firstDayOfWeek={0}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
