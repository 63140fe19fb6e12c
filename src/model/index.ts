export * from './dialect.js';
export * from './levels.js';
export * from './line-rate.js';
export * from './nearest.js';
export * from './sanitize.js';
export * from './types.js';
export * from './values.js';
export * from './vocabulary.js';
