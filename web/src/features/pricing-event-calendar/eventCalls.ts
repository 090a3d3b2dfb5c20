/**
 * The calendar's calls (spec part 2 §7 "Pricing events"): the zone's events (after asking the
 * server to ready the due ones: /runCurrentPricingEvents, with the session's X-CSRF-Token), an
 * event's items, and the writes as useMutations. Answers that carry an ErrorMessage reject with it.
 */
import { adjustCalls, type BodyIn, type PricingEvent, pricingEventCalls } from '@cpb/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api';
import { sessionQuery } from '../../shared/queries';
import { queryClient as sharedClient } from '../../shared/queryClient';

const c = pricingEventCalls;

export const eventKeys = {
  zone: (user: string, zone: string) => ['pricingEvents', user, zone] as const,
  items: (user: string, zone: string, id: number) => ['pricingEventItems', user, zone, id] as const,
};

/** GET /runCurrentPricingEvents/{user}: a GET that changes data, so it carries the session's token. */
export async function runCurrentEvents(user: string): Promise<void> {
  const session = await sharedClient.fetchQuery({ ...sessionQuery(), staleTime: 60_000 });
  await call(c.runCurrent, {
    params: { user },
    headers: session?.csrfToken ? { 'X-CSRF-Token': session.csrfToken } : {},
  });
}

/** The zone's events; the due ones are made ready first. */
export const zoneEventsQuery = (user: string, zone: string) =>
  queryOptions({
    queryKey: eventKeys.zone(user, zone),
    queryFn: async (): Promise<PricingEvent[]> => {
      await runCurrentEvents(user).catch(() => {});
      return call(adjustCalls.zonePricingEvents, { params: { user, zone: Number(zone) } });
    },
  });

export const eventItemsQuery = (user: string, zone: string, event: PricingEvent) =>
  queryOptions({
    queryKey: eventKeys.items(user, zone, event.Id),
    queryFn: () =>
      call(c.items, {
        params: { user },
        body: {
          ZoneSetupID: Number(zone),
          thePricingEvent: {
            Id: event.Id,
            PricingEventName: event.PricingEventName,
            EffectiveDateTime: event.EffectiveDateTime,
            Status: event.Status,
          },
        },
      }),
  });

/** A reference to the event as the calls take it. */
export const refOf = (e: PricingEvent) => ({
  Id: e.Id,
  PricingEventName: e.PricingEventName,
  EffectiveDateTime: e.EffectiveDateTime,
  Status: e.Status,
  SortableStatus: e.SortableStatus,
  strEffectiveDateTime: e.strEffectiveDateTime,
});

/** The zone's events and the open event's items reload after every write. */
function useReload(user: string, zone: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: eventKeys.zone(user, zone) });
    void qc.invalidateQueries({ queryKey: ['pricingEventItems', user, zone] });
  };
}

export function useChangeDate(user: string, zone: string) {
  const reload = useReload(user, zone);
  return useMutation({
    mutationFn: (body: BodyIn<typeof c.change>) => call(c.change, { params: { user }, body }),
    onSettled: reload,
  });
}
export function useUpdateEvent(user: string, zone: string) {
  const reload = useReload(user, zone);
  return useMutation({
    mutationFn: (body: BodyIn<typeof c.update>) => call(c.update, { params: { user }, body }),
    onSettled: reload,
  });
}
export function useDeleteEvent(user: string, zone: string) {
  const reload = useReload(user, zone);
  return useMutation({
    mutationFn: (body: BodyIn<typeof c.remove>) => call(c.remove, { params: { user }, body }),
    onSettled: reload,
  });
}
/** Set prices: the reload comes 1500 ms after the answer (spec §9), not at once. */
export function useSetPricing(user: string, zone: string) {
  const reload = useReload(user, zone);
  return useMutation({
    mutationFn: (body: BodyIn<typeof c.setPricing>) => call(c.setPricing, { params: { user }, body }),
    onSettled: () => setTimeout(reload, RELOAD_AFTER_PRICES_MS),
  });
}
export function useMergeFuture(user: string, zone: string) {
  const reload = useReload(user, zone);
  return useMutation({
    mutationFn: (body: BodyIn<typeof c.mergeFuture>) => call(c.mergeFuture, { params: { user }, body }),
    onSettled: reload,
  });
}
export function useUndoEvent(user: string, zone: string) {
  const reload = useReload(user, zone);
  return useMutation({
    mutationFn: (body: BodyIn<typeof c.undo>) => call(c.undo, { params: { user }, body }),
    onSettled: reload,
  });
}

/** Spec §9: set prices is debounced 2000 ms; the event reloads 1500 ms after. */
export const PRICE_SET_DEBOUNCE_MS = 2000;
export const RELOAD_AFTER_PRICES_MS = 1500;
