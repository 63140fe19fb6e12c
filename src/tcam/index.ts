export * from './actions.js';
export * from './capacity.js';
export * from './check.js';
export * from './expansion.js';
export * from './groups.js';
export * from './identity.js';
export * from './shadow.js';
export * from './validate.js';
