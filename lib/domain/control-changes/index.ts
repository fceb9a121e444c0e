export * from './kinds';
export * from './roles';
export * from './payout-policy';
export * from './state-machine';
export * from './timing';
export * from './statement';
