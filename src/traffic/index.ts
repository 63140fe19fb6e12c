export * from './classify.js';
export * from './flow.js';
export * from './forward.js';
export * from './impact.js';
export * from './load.js';
export * from './packet.js';
export * from './trace.js';
export * from './unmatched.js';
