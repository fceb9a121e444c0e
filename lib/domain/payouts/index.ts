export * from './approval-policy';
export * from './state-machine';
export * from './drift';
export * from './idempotency-keys';
export * from './schema';
export * from './cool-off';
