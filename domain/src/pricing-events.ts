/**
 * The pricing event lifecycle, once: the status codes (pending 1, ready 2, distributed 3, error 4)
 * and the moves between them. The server's pricing-events service is the only writer of a status
 * and checks every move here; the page reads the same codes for colours, icons and what may be done.
 */

export const PricingEventStatus = {
  Pending: 1,
  Ready: 2,
  Distributed: 3,
  Error: 4,
} as const;
export type PricingEventStatus = (typeof PricingEventStatus)[keyof typeof PricingEventStatus];

/**
 * The allowed moves: pending becomes ready when its time passes; a ready event is merged
 * (distributed) or fails (error). Distributed and error are final (an undo is a new event).
 */
export const EVENT_TRANSITIONS: Readonly<Record<PricingEventStatus, readonly PricingEventStatus[]>> = {
  [PricingEventStatus.Pending]: [PricingEventStatus.Ready],
  [PricingEventStatus.Ready]: [PricingEventStatus.Distributed, PricingEventStatus.Error],
  [PricingEventStatus.Distributed]: [],
  [PricingEventStatus.Error]: [],
};

export function canMoveEvent(from: number, to: number): boolean {
  return (EVENT_TRANSITIONS[from as PricingEventStatus] ?? []).includes(to as PricingEventStatus);
}

/** The status as the calendar shows it: any code it does not know shows as error. */
export function shownEventStatus(code: number): PricingEventStatus {
  return code === 1 || code === 2 || code === 3 ? code : PricingEventStatus.Error;
}

/** Only a pending event's name, date and items can change (edit, drag, set prices, delete). */
export const isEventEditable = (code: number): boolean => code === PricingEventStatus.Pending;

/** A default event lasts one minute (its slot: 12:00, 12:01 ... of its day). */
export const EVENT_SLOT_MS = 60_000;
