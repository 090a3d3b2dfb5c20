/** The columns of a site row that a store's POS receives (read as text where money). */
export interface PosItemRow {
  item_id: string;
  pack_size: number;
  deleted: boolean;
  description: string;
  receipt_description: string | null;
  dept: number;
  sub: number;
  unit_list: string;
  active: boolean;
  tax_group_id: number | null;
  inv_type: string;
  send_to_pos: boolean;
}
