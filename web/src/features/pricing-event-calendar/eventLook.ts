/**
 * How an event looks and what may be done with it (spec part 2 §4 "Pricing event calendar"):
 * colour and icon by status (pending green, ready yellow, distributed blue, error red; any other
 * code shows as error), the legend's wording, the order within a status, and the drop rule.
 */
import {
  EVENT_SLOT_MS,
  isEventEditable,
  isWeekend,
  type MessageCode,
  type PricingEvent,
  PricingEventStatus,
  shownEventStatus,
} from '@cpb/domain';

export interface StatusLook {
  status: PricingEventStatus;
  /** Background and text colours (text chosen for contrast). */
  color: string;
  textColor: string;
  icon: string;
  legend: MessageCode;
}

export const STATUS_LOOKS: readonly StatusLook[] = [
  {
    status: PricingEventStatus.Pending,
    color: '#237032',
    textColor: '#ffffff',
    icon: '✎',
    legend: 'EVENT_STATUS_PENDING',
  },
  {
    status: PricingEventStatus.Ready,
    color: '#fcc419',
    textColor: '#1a1b1e',
    icon: '✔',
    legend: 'EVENT_STATUS_READY',
  },
  {
    status: PricingEventStatus.Distributed,
    color: '#1864ab',
    textColor: '#ffffff',
    icon: '➤',
    legend: 'EVENT_STATUS_DISTRIBUTED',
  },
  {
    status: PricingEventStatus.Error,
    color: '#c92a2a',
    textColor: '#ffffff',
    icon: '⚠',
    legend: 'EVENT_STATUS_ERROR',
  },
];

export function lookOf(code: number): StatusLook {
  const shown = shownEventStatus(code);
  return STATUS_LOOKS.find((l) => l.status === shown) ?? STATUS_LOOKS[3];
}

/** The calendar's entry for an event: one minute long, draggable only while pending. */
export function calendarEntry(e: PricingEvent) {
  const look = lookOf(e.Status);
  const start = new Date(e.EffectiveDateTime);
  return {
    id: String(e.Id),
    title: e.PricingEventName,
    start,
    end: new Date(start.getTime() + EVENT_SLOT_MS),
    allDay: false,
    editable: isEventEditable(e.Status),
    backgroundColor: look.color,
    borderColor: look.color,
    textColor: look.textColor,
    // Within a status, by time (FullCalendar's eventOrder reads these).
    extendedProps: { event: e, sortStatus: shownEventStatus(e.Status), sortTime: start.getTime() },
  };
}

/** Why a drop on `day` (ISO) is refused, or null: not before today, not a weekend, only pending events. */
export function dropRefused(e: PricingEvent, day: string, today: string): boolean {
  return !isEventEditable(e.Status) || day < today || isWeekend(day);
}

/** The ISO day of a Date as the calendar shows it (the browser's local day). */
export function localIso(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
