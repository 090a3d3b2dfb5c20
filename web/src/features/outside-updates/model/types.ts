/** The rows and local state of the Outside Updates screen (spec part 2 §2, §3, §4). */
import type { OuAction, OuIncluded, OuRoot } from '@cpb/domain';

/** Fields a user can edit on a root row. */
export type OuEditField = 'Description' | 'ReceiptDescription' | 'DeptSub' | 'Price' | 'Margin' | 'Cost';

/**
 * Edited values of one root, as the request sends them (absent: the incoming value stands);
 * ItemGroups: the groups chosen in the Item groups dialog.
 */
export type OuEditValues = Partial<Record<OuEditField, string | null>> & { ItemGroups?: readonly string[] };

/** What the user decided for one root in this session, before Apply Changes. */
export interface LocalItemState {
  action: OuAction;
  edits: OuEditValues;
  /**
   * The root's original incoming values stand again (No Action's Yes on a root the list gave as
   * Edited): the row shows its Original, the server is asked to restore them.
   */
  restored?: boolean;
}

/** The filter selector's values (spec §2): default, hide, show, cost, list. */
export type OuFilter = 'default' | 'hide' | 'show' | 'cost' | 'list';
export const OU_FILTERS: readonly OuFilter[] = ['default', 'hide', 'show', 'cost', 'list'];

/** A top-level row: the incoming values of an item, with the user's action and edits applied. */
export interface OuRootRow {
  kind: 'root';
  key: string;
  root: OuRoot;
  action: OuAction;
  edits: OuEditValues;
  /** The values shown: incoming, overridden by the edits (Margin follows an edited price). */
  Description: string | null;
  ReceiptDescription: string | null;
  DeptSub: string | null;
  Price: string | null;
  Margin: string | null;
  Cost: string | null;
  ItemGroups: readonly string[];
  siteCount: number;
  expanded: boolean;
}

/** A child row: a site the update came from (or would impact), under its root. */
export interface OuSiteRow {
  kind: 'site';
  key: string;
  parentKey: string;
  site: OuIncluded;
}

export type OuRow = OuRootRow | OuSiteRow;
