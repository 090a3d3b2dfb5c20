/**
 * @cpb/domain: the pure rules of the Central Price Book, shared by the server
 * and the page. No I/O, no clock, no floating-point money.
 */
export * from './api';
export * from './coverage';
export * from './csv';
export * from './dates';
export * from './department';
export * from './errors';
export * from './item-code';
export * from './item-fields';
export * from './margin';
export * from './messages';
export * from './money';
export * from './ou-rules';
export * from './outside-updates';
export * from './preferences';
export * from './price-change';
export * from './pricing-events';
export * from './rounding';
export * from './schemas';
