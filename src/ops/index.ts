export * from './execute.js';
export * from './groups.js';
export * from './operation.js';
export * from './rules.js';
export * from './tables.js';
