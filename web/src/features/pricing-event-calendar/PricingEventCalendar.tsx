/**
 * Pricing Event Calendar (spec part 2 §2, §4, §5, §8, §9): the current zone's events on a
 * month/week calendar with the status legend; an event opens in one of the modes editing, cloning,
 * pricing (pending events), editing and cloning read only (ready, distributed), or the status flag
 * with its reason (error); Back returns to calendar_view. A distributed event can be undone.
 */
import { msg, type PricingEvent, PricingEventStatus, shownEventStatus } from '@cpb/domain';
import { Alert, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusinessToday } from '../../shared/batch/dialogProps';
import { notify } from '../../shared/notify';
import { useCurrentZone } from '../../shared/zone';
import { EventPanel, type Mode } from './EventPanel';
import { refOf, useChangeDate, zoneEventsQuery } from './eventCalls';
import { dropRefused, STATUS_LOOKS } from './eventLook';

const EventCalendar = lazy(() => import('./EventCalendar'));

export function PricingEventCalendar({ user }: { user: string }) {
  const { t } = useTranslation();
  const [zone] = useCurrentZone();
  const today = useBusinessToday();
  const [mode, setMode] = useState<Mode>('calendar_view');
  const [open, setOpen] = useState<PricingEvent | null>(null);
  const events = useQuery({ ...zoneEventsQuery(user, zone ?? ''), enabled: zone !== null });
  const change = useChangeDate(user, zone ?? '');

  if (!zone) {
    return (
      <Paper withBorder p="lg">
        <Text>{t('pec.chooseZone')}</Text>
      </Paper>
    );
  }

  const move = async (e: PricingEvent, day: string): Promise<boolean> => {
    if (dropRefused(e, day, today)) {
      notify.error(msg('CHANGE_DATE_FAILED'));
      return false;
    }
    try {
      await change.mutateAsync({
        ZoneSetupID: Number(zone),
        thePricingEvent: refOf(e),
        NewEffectiveDate: day,
      });
      return true;
    } catch {
      notify.error(msg('CHANGE_DATE_FAILED'));
      return false;
    }
  };
  const openEvent = (e: PricingEvent) => {
    setOpen(e);
    setMode(shownEventStatus(e.Status) === PricingEventStatus.Error ? 'blank_view' : 'editing');
  };
  const back = () => {
    setMode('calendar_view');
    setOpen(null);
  };
  // The event as the latest list holds it (a drag or a save changes it).
  const current = open ? ((events.data ?? []).find((e) => e.Id === open.Id) ?? open) : null;

  return (
    <Stack gap="md">
      <Legend />
      {events.isError && <Alert color="red">{msg('EDIT_EVENT_FAILED')}</Alert>}
      {mode === 'calendar_view' || !current ? (
        <Paper withBorder p="sm" aria-label={t('pec.calendar')} component="section">
          <Suspense fallback={<Loader size="sm" />}>
            <EventCalendar events={events.data ?? []} onOpen={openEvent} onMove={move} />
          </Suspense>
        </Paper>
      ) : (
        <EventPanel
          key={`${current.Id}/${mode}`}
          user={user}
          zone={zone}
          event={current}
          mode={mode}
          setMode={setMode}
          onBack={back}
          today={today}
        />
      )}
    </Stack>
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="list" aria-label={t('pec.legend')}>
      {STATUS_LOOKS.map((l) => (
        <Badge
          key={l.status}
          role="listitem"
          styles={{ root: { background: l.color, color: l.textColor, textTransform: 'none' } }}
          leftSection={<span aria-hidden>{l.icon}</span>}
        >
          {msg(l.legend)}
        </Badge>
      ))}
    </Group>
  );
}
