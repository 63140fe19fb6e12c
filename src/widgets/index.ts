export * from './gauge.js';
export * from './keyvalue.js';
export * from './list-state.js';
export * from './logview.js';
export * from './sparkline.js';
export * from './statusbar.js';
export * from './table.js';
export * from './text.js';
