/** Undo of app writes: a started instance stopped, a stopped one started, parameters put back. */
import { type appKinds, appOps } from '../apps.js';
import { type InverseTable, type Json, never, none, steps } from './common.js';

export const appInverses: InverseTable<keyof typeof appKinds> = {
  'apps.start': ({ before, after }) => {
    const had = new Set((before as Json[]).map((a) => a.pid));
    const started = ((after ?? []) as Json[]).filter((a) => !had.has(a.pid));
    return steps(started.map((a) => appOps.stop(a.pid)));
  },
  'apps.modify': ({ params: p, before: b }) => {
    if (b === null) return none(`app instance ${p.pid} was not running before`);
    const params: Record<string, string> = {};
    for (const k of Object.keys(p))
      if (!['pid', 'user_description'].includes(k) && b.params?.[k] !== undefined)
        params[k] = String(b.params[k]);
    return steps([appOps.modify(b.pid, b.user_description, params)]);
  },
  'apps.stop': ({ params: p, before: b }) =>
    b === null
      ? none(`app instance ${p.pid} was not running before`)
      : steps(
          [appOps.start(b.name, b.user_description, b.params ?? {})],
          'the app starts again under a new PID',
        ),
  'apps.action': never("an app's action cannot be taken back"),
};
