export * from './capacity.js';
export * from './expansion.js';
export * from './shadow.js';
export * from './validate.js';
