export * from './batch';
export * from './common';
export * from './criteria';
export * from './item';
export * from './negotiated-cost';
export * from './set-price';
export * from './setup';
export * from './store-item';
