/**
 * The `ports` section of a config file: settings by interface name, each value from the
 * spec's lists (fields.ts); every problem names FILE:LINE:COL.
 */
import type { Pair } from 'yaml';
import { PORT_BOOL_FIELDS, PORT_CHOICES, PORT_TEXT_FIELDS } from './fields.js';
import { clip, keyText, type Reader, type YNode } from './reader.js';
import type { DesiredPort } from './types.js';

/** An interface name as devices write them: eth-0-1, xe-1/0/1, Ethernet1.2, 5 … */
const PORT_NAME = /^[A-Za-z0-9][A-Za-z0-9._/:-]{0,63}$/;
/** Names an object has already: never port names (`__proto__` would set the prototype). */
const RESERVED = new Set(Object.getOwnPropertyNames(Object.prototype));

/** `ports:` → settings by port name (problems are recorded on the reader). */
export function readPorts(r: Reader, pair: Pair): Record<string, DesiredPort> {
  // no prototype: a port name can never reach one
  const out: Record<string, DesiredPort> = Object.create(null);
  for (const e of r.entries(pair.value as YNode, 'ports', pair.key as YNode) ?? []) {
    const name = keyText(e);
    if (name === null || name.trim() === '') {
      r.fail(e, 'a port must be named by its interface name (eth-0-1 …)', pair.value as YNode);
      continue;
    }
    if (!PORT_NAME.test(name) || RESERVED.has(name)) {
      r.fail(
        e,
        `'${clip(name, 60)}' is not a port name (an interface name such as eth-0-1: letters, digits, . _ / : -, at most 64)`,
        pair.value as YNode,
      );
      continue;
    }

    const f = r.fields(
      e.value as YNode,
      `port ${name}`,
      [...PORT_TEXT_FIELDS, ...PORT_BOOL_FIELDS],
      e.key as YNode,
    );
    if (!f) continue;
    const port: DesiredPort = { at: r.pos(e) };
    for (const k of PORT_TEXT_FIELDS) {
      const p = f.get(k);
      const v = p ? r.text(p.value as YNode, k, p.key as YNode) : undefined;
      const allowed = PORT_CHOICES[k];
      if (v !== undefined && allowed && !allowed.includes(v))
        r.fail(p?.value as YNode, `${k} must be ${allowed.join(', ')}, got '${v}'`);
      else if (v !== undefined) port[k] = v;
    }
    for (const k of PORT_BOOL_FIELDS) {
      const p = f.get(k);
      const v = p ? r.bool(p.value as YNode, k, p.key as YNode) : undefined;
      if (v !== undefined) port[k] = v;
    }
    out[name] = port;
  }
  return out;
}
