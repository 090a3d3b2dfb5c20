export * from './adjust';
export * from './fields';
export * from './items';
export * from './lookup-id';
export * from './misc';
export * from './params';
export * from './responses';
export * from './shell';
