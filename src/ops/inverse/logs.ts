/** Undo of log writes: none (a cleared log is gone). */
import type { logKinds } from '../logs.js';
import { type InverseTable, never } from './common.js';

export const logInverses: InverseTable<keyof typeof logKinds> = {
  'logs.clear': never('a cleared log cannot be put back'),
};
