/** The rows a write gave versions, per item, as its statements answer them. */

/** Per item, the largest version a write gave its rows in the zone: the summary's new UpdateKey. */
export interface Written {
  item_id: string;
  pack_size: number;
  version: string;
  sites: number;
}

/** Written rows as a statement answers them in one JSON value: [item_id, pack_size, version, sites]. */
export type WrittenJson = Array<[string, number, string, number]>;

export const writtenOf = (json: WrittenJson) =>
  json.map(([item_id, pack_size, version, sites]): Written => ({ item_id, pack_size, version, sites }));
