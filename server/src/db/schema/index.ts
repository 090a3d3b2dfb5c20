/**
 * The whole product's database schema (DOMAIN.md), one file per area. Site rows are the truth;
 * zone_items is the per-zone summary that every write refreshes.
 */
export * from './current-prices';
export * from './events-costs';
export * from './imports-transfers';
export * from './items';
export * from './lookups';
export * from './pricebook';
export * from './shell';
export * from './sites-zones-users';
