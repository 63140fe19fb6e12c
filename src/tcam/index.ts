export * from './capacity.js';
export * from './expansion.js';
export * from './validate.js';
export * from './shadow.js';
