import { formatUsDate, MESSAGES, parseDateInput } from '@cpb/domain';
import { Button, Group, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../components/dates/DateField';
import { DATE_RANGE_PRESETS, presetRange } from './dateRange';

export interface DateRangeValue {
  /** As typed, MM/DD/YYYY. */
  start: string;
  end: string;
}

export interface DateRangeFieldProps {
  startLabel: string;
  endLabel: string;
  value: DateRangeValue;
  onChange: (v: DateRangeValue) => void;
  /** Today in the business time zone (ISO), for the presets. */
  today: string;
  required?: boolean;
  showErrors?: boolean;
}

/**
 * A date range: two DateFields (MM/DD/YYYY) and a Presets menu (Today, Yesterday, Last 7 Days,
 * Last 30 Days, Month to Date, Last Year; dateRange.ts). An end before the start is shown under
 * the end.
 */
export function DateRangeField({
  startLabel,
  endLabel,
  value,
  onChange,
  today,
  required,
  showErrors,
}: DateRangeFieldProps) {
  const { t } = useTranslation();
  const start = parseDateInput(value.start);
  const end = parseDateInput(value.end);
  const order = start && end && end < start ? MESSAGES.NEG_COST_REPORT_RANGE : null;
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <DateField
        label={startLabel}
        value={value.start}
        onChange={(s) => onChange({ ...value, start: s })}
        required={required}
        showErrors={showErrors}
        w={170}
      />
      <DateField
        label={endLabel}
        value={value.end}
        onChange={(e) => onChange({ ...value, end: e })}
        required={required}
        showErrors={showErrors}
        error={order}
        minDate={start ?? undefined}
        w={170}
      />
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="default" mt={25}>
            {t('dates.presets')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {DATE_RANGE_PRESETS.map((p) => (
            <Menu.Item
              key={p}
              onClick={() => {
                const r = presetRange(p, today);
                onChange({ start: formatUsDate(r.start), end: formatUsDate(r.end) });
              }}
            >
              {t(`dates.preset.${p}` as 'dates.preset.Today')}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
