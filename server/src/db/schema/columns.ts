/** Column builders shared by the schema's tables. Money columns are numeric: list 2, cost 4. */
import { numeric, timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const list = (name: string) => numeric(name, { precision: 12, scale: 2 });
export const cost = (name: string) => numeric(name, { precision: 14, scale: 4 });
