/** Undo of a port's settings: the fields it changed, set back. */
import { type portKinds, portOps } from '../ports.js';
import { type InverseTable, none, portBack, steps } from './common.js';

export const portInverses: InverseTable<keyof typeof portKinds> = {
  'ports.setConfig': ({ params, before }) =>
    before === null
      ? none(`port ${params.if_name} was not listed before the change`)
      : steps([portOps.setConfig(String(params.if_name), portBack(before, params))]),
};
