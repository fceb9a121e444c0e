export * from './csv';
export * from './list-filters';
export * from './stuck';
export * from './view';
