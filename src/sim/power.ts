/**
 * A simulated device switched off and on again (`POST /_sim/power`), alone among the devices
 * of one `pbc sim --devices N` process, to practise a device that dies and comes back (issue
 * 29): while off, every /rest request's connection is dropped without an answer (as a dead
 * device's: the console reads it down); /_sim stays, so it can be switched on again. On
 * boots it like a reboot (boot.ts: the boot save-point unless permanent rules mode is on,
 * port counters from zero), with `ms` of 503s first (default 0).
 */
import type { FastifyInstance } from 'fastify';
import { reboot } from './boot.js';
import { REBOOT_MS_MAX } from './faults.js';
import { stringify } from './json.js';
import type { SimState } from './state.js';

const off = new WeakSet<SimState>();

/** Whether the device is switched on (it is unless /_sim/power switched it off). */
export const poweredOn = (state: SimState): boolean => !off.has(state);

export function registerPower(app: FastifyInstance, state: SimState): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (poweredOn(state) || !/^\/rest(\/|\?|$)/.test(req.url)) return done();
    reply.hijack();
    req.raw.socket.destroy();
  });
  app.get('/_sim/power', async (_req, reply) =>
    reply.type('application/json').send(stringify({ on: poweredOn(state) })),
  );
  app.post('/_sim/power', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const on =
      b.on === true || b.on === 'true' ? true : b.on === false || b.on === 'false' ? false : null;
    const ms = b.ms === undefined ? 0 : Number(b.ms);
    if (on === null || !Number.isInteger(ms) || ms < 0 || ms > REBOOT_MS_MAX)
      return reply
        .code(400)
        .type('application/json')
        .send(stringify({ error: `on must be true or false (ms 0..${REBOOT_MS_MAX})` }));
    if (!on) {
      if (poweredOn(state)) state.log.append('system: power off');
      off.add(state);
    } else if (!poweredOn(state)) {
      off.delete(state);
      state.log.append('system: power on');
      reboot(state, ms);
    }
    return reply.type('application/json').send(stringify({ on: poweredOn(state) }));
  });
}
