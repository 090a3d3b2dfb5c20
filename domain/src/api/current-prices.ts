/**
 * The Current Prices Report (spec part 2 "Current Prices Report"; docs/api.md "Current Prices
 * Report"): POST /api/currentPricesReport (ZoneSetupID, clientCriterias) finds the items and their
 * distinct prices across the zone's stores. Apply and Undo are beyond the spec (it names no call):
 * POST /currentPrices/{user}/apply and POST /currentPrices/{user}/undo, and GET
 * /currentPrices/{user}/lastApply/{zone} (what Undo can put back, so a reloaded page offers it).
 */
import { z } from 'zod';
import { CriteriaBody } from './adjust';
import { contract } from './contract';
import { ItemId, MoneyList, PackSize, UpdateKey, ZoneId } from './fields';
import { UserParams, UserZoneParams } from './params';
import { rootOf } from './responses';

/** The most rows one report answers (the zone's first by ID and pack size); past it, a message says so. */
export const CURRENT_PRICES_CAP = 10_000;

export const CurrentPricesBody = z.object({
  ZoneSetupID: ZoneId,
  clientCriterias: CriteriaBody.default({}),
});
export type CurrentPricesInput = z.input<typeof CurrentPricesBody>;

/** A price the item has at some of the zone's stores, and how many stores have it. */
export const CurrentPrice = z.strictObject({ Price: z.string(), Count: z.number() });
export type CurrentPrice = z.infer<typeof CurrentPrice>;

export const CurrentPricesRow = z.strictObject({
  ID: z.string(),
  PackSize: z.number(),
  Description: z.string().nullable(),
  UpdateKey: z.string(),
  /** The distinct prices, most stores first. */
  CurrentPrices: z.array(CurrentPrice),
});
export type CurrentPricesRow = z.infer<typeof CurrentPricesRow>;

export const CurrentPricesAnswer = z.strictObject({
  Items: z.array(CurrentPricesRow),
  TotalCount: z.number(),
  Capped: z.boolean(),
  Message: z.string(),
});
export type CurrentPricesAnswer = z.infer<typeof CurrentPricesAnswer>;

/** One item's chosen price (UpdateKey: the row as loaded; a stale one refuses the whole Apply). */
export const CurrentPriceChoice = z.object({
  ID: ItemId,
  PackSize: PackSize,
  Price: MoneyList,
  UpdateKey: UpdateKey.optional(),
});
/** Apply: make each item's chosen `Price` its price at every store of the zone, all in one transaction. */
export const ApplyCurrentPriceBody = z.object({
  ZoneSetupID: ZoneId,
  Items: z.array(CurrentPriceChoice).min(1).max(CURRENT_PRICES_CAP),
});
export type ApplyCurrentPriceInput = z.input<typeof ApplyCurrentPriceBody>;
/** Undo: put back what each item's last Apply in the zone changed, all in one transaction. */
export const UndoCurrentPriceBody = z.object({
  ZoneSetupID: ZoneId,
  Items: z
    .array(z.object({ ID: ItemId, PackSize: PackSize }))
    .min(1)
    .max(CURRENT_PRICES_CAP),
});
export type UndoCurrentPriceInput = z.input<typeof UndoCurrentPriceBody>;
export const CurrentPriceChangeAnswer = z.strictObject({
  Message: z.string(),
  /** The items' rows afterwards, in the order asked. */
  Items: z.array(CurrentPricesRow),
  /** Store rows whose price changed, over all the items. */
  Sites: z.number(),
});
export type CurrentPriceChangeAnswer = z.infer<typeof CurrentPriceChangeAnswer>;
/** An item of the user's last Apply in the zone, not undone yet. */
export const LastApplyItem = z.strictObject({
  ID: z.string(),
  PackSize: z.number(),
  /** The price the Apply made the zone's. */
  Price: z.string(),
  /** Undo can put it back: no store changed the item since (its zone UpdateKey is the Apply's). */
  Undoable: z.boolean(),
});
export type LastApplyItem = z.infer<typeof LastApplyItem>;
/** GET /currentPrices/{user}/lastApply/{zone}: the user's last Apply in the zone, what is left of it to undo. */
export const LastApplyAnswer = z.strictObject({
  /** When it was applied (ISO, UTC); null when nothing of it is left to undo (or nothing was applied). */
  AppliedAt: z.string().nullable(),
  /** Its items not undone yet, in the order applied. */
  Items: z.array(LastApplyItem),
});
export type LastApplyAnswer = z.infer<typeof LastApplyAnswer>;
const Tags = ['current prices report'];

export const currentPricesCalls = {
  report: contract({
    method: 'POST',
    path: '/api/currentPricesReport',
    body: CurrentPricesBody,
    response: rootOf(CurrentPricesAnswer),
    tags: Tags,
  }),
  apply: contract({
    method: 'POST',
    path: '/currentPrices/:user/apply',
    params: UserParams,
    body: ApplyCurrentPriceBody,
    response: rootOf(CurrentPriceChangeAnswer),
    tags: Tags,
  }),
  lastApply: contract({
    method: 'GET',
    path: '/currentPrices/:user/lastApply/:zone',
    params: UserZoneParams,
    response: rootOf(LastApplyAnswer),
    tags: Tags,
  }),
  undo: contract({
    method: 'POST',
    path: '/currentPrices/:user/undo',
    params: UserParams,
    body: UndoCurrentPriceBody,
    response: rootOf(CurrentPriceChangeAnswer),
    tags: Tags,
  }),
};
