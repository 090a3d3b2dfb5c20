/**
 * The calendar itself (FullCalendar's MIT packages, loaded with this chunk only): month and week
 * views, the week starting Monday, no resizing, an event lasting one minute, coloured and marked
 * by status, ordered by status then time. Dragging a pending event to another day asks the screen
 * (onMove), which refuses a day before today or a weekend by reverting the drop.
 */
import type { PricingEvent } from '@cpb/domain';
import type { EventClickArg, EventContentArg, EventDropArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarEntry, localIso, lookOf } from './eventLook';
import './eventCalendar.css';

export interface EventCalendarProps {
  events: readonly PricingEvent[];
  onOpen(e: PricingEvent): void;
  /** A drop on another day: resolve true to keep it, false to revert. */
  onMove(e: PricingEvent, day: string): Promise<boolean>;
}

/** An event: its status icon, its name, and a mark when another event that day changes one of its items. */
function EventBody({ arg, collision }: { arg: EventContentArg; collision: string }) {
  const e = arg.event.extendedProps.event as PricingEvent;
  const look = lookOf(e.Status);
  return (
    <span
      className="pec-event"
      data-status={look.status}
      data-collides={e.Collides || undefined}
      title={e.ErrorReason ?? (e.Collides ? collision : undefined)}
    >
      <span aria-hidden>{look.icon}</span> {arg.event.title}
      {e.Collides ? (
        <>
          <span aria-hidden> ⚡</span>
          <VisuallyHidden>{collision}</VisuallyHidden>
        </>
      ) : null}
    </span>
  );
}

// timegrid is installed once at the root, where its types see the root's (newer) core; at run time
// Vite resolves every FullCalendar import from web/ (vite.config.ts resolve.dedupe), one core.
const timeGrid = timeGridPlugin as unknown as typeof dayGridPlugin;

export default function EventCalendar({ events, onOpen, onMove }: EventCalendarProps) {
  const { t } = useTranslation();
  const entries = useMemo(() => events.map(calendarEntry), [events]);
  return (
    <div className="pec-calendar">
      <FullCalendar
        plugins={[dayGridPlugin, timeGrid, interactionPlugin]}
        initialView="dayGridMonth"
        firstDay={1}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek' }}
        // Text buttons: FullCalendar's icon spans are role="img" without a name.
        buttonIcons={false}
        buttonText={{
          prev: t('pec.prev'),
          next: t('pec.next'),
          today: t('pec.today'),
          month: t('pec.month'),
          week: t('pec.week'),
        }}
        events={entries}
        eventOrder="sortStatus,sortTime"
        eventStartEditable
        eventDurationEditable={false}
        defaultTimedEventDuration="00:01"
        displayEventTime={false}
        eventDisplay="block"
        dayMaxEvents={6}
        height="auto"
        eventContent={(arg) => <EventBody arg={arg} collision={t('pec.collision')} />}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          onOpen(arg.event.extendedProps.event as PricingEvent);
        }}
        eventDrop={(arg: EventDropArg) => {
          const e = arg.event.extendedProps.event as PricingEvent;
          const day = localIso(arg.event.start ?? new Date());
          void onMove(e, day).then((kept) => {
            if (!kept) arg.revert();
          });
        }}
      />
    </div>
  );
}
