export * from './check.js';
export * from './compile.js';
export * from './cube.js';
export * from './explain.js';
export * from './render.js';
export * from './table.js';
export * from './types.js';
export * from './want.js';
