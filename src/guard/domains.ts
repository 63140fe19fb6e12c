/**
 * The objects an auto-revert watches, per domain: rules (by priority and match), groups (by
 * id), port settings (by port), the group hash and the boot save-point. Each domain reads
 * its objects as plain values (no counters: only what a write sets) and says which request
 * sets one back. The revert restores an object only while the device still holds what the
 * change left (see watch.ts); others' changes since are kept.
 */
import type { Client } from '../api/index.js';
import {
  type Bucket,
  GROUP_HASH_FIELDS,
  type GroupHash,
  type GroupType,
  type Match,
  PORT_SETTING_FIELDS,
} from '../model/index.js';
import { deviceOps } from '../ops/device.js';
import { groupOps } from '../ops/groups.js';
import type { Operation, RecordedWrite } from '../ops/operation.js';
import { portOps } from '../ops/ports.js';
import { ruleOps } from '../ops/rules.js';
import { savepointOps } from '../ops/savepoints.js';

export type DomainName = 'rules' | 'groups' | 'ports' | 'grouphash' | 'boot';

/** A domain's objects: key → value (JSON-plain). */
export type Objects = Record<string, unknown>;

interface RuleValue {
  priority: number;
  match: Match;
  actions: string[];
  name: string;
  description: string;
  cookie: string;
}

interface GroupValue {
  group_id: number;
  type: GroupType;
  description: string;
  buckets: Bucket[];
}

export interface Domain {
  read(c: Client): Promise<Objects>;
  /** How the object `key` is named to the operator. */
  label(key: string, value: unknown): string;
  /** The write that takes `key` from `now` back to `to` (null: absent). */
  restore(key: string, to: unknown, now: unknown): Operation | undefined;
}

const sorted = (m: Match) =>
  Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : 1)));
export const ruleKey = (priority: number, match: Match) =>
  `${priority} ${JSON.stringify(sorted(match))}`;

const matchText = (m: Match) =>
  Object.entries(m)
    .map(([k, v]) => (v === '' ? k : `${k}=${v}`))
    .join(',');

const RULES: Domain = {
  async read(c) {
    const out: Objects = {};
    for (const r of (await c.rules.list()).rules) {
      if (r.malformed) continue;
      const v: RuleValue = {
        priority: r.priority,
        match: sorted(r.match),
        actions: r.actions,
        name: r.name,
        description: r.description,
        cookie: String(r.cookie),
      };
      out[ruleKey(r.priority, r.match)] = v;
    }
    return out;
  },
  label: (_k, v) => {
    const r = v as RuleValue;
    return `rule ${r.name ? `'${r.name}' ` : ''}priority ${r.priority} ${matchText(r.match) || '(any)'}`;
  },
  restore(_key, to, now) {
    const t = to as RuleValue | null;
    const n = now as RuleValue | null;
    if (!t && n) return ruleOps.remove({ priority: n.priority, match: { ...n.match } });
    if (!t) return undefined;
    return n ? ruleOps.modify(t) : ruleOps.add(t);
  },
};

const GROUPS: Domain = {
  async read(c) {
    const out: Objects = {};
    for (const g of await c.groups.list()) {
      const v: GroupValue = {
        group_id: g.group_id,
        type: g.type,
        description: g.description,
        buckets: g.buckets,
      };
      out[String(g.group_id)] = v;
    }
    return out;
  },
  label: (k) => `group ${k}`,
  restore(key, to, now) {
    const t = to as GroupValue | null;
    if (!t) return now ? groupOps.remove(Number(key)) : undefined;
    return now ? groupOps.modify(t) : groupOps.add(t);
  },
};

type PortValue = Record<string, unknown>;

const PORTS: Domain = {
  async read(c) {
    const out: Objects = {};
    for (const p of await c.ports.config()) {
      const v: PortValue = {};
      for (const f of PORT_SETTING_FIELDS) {
        const x = f === 'xg_speed' ? p.xg_speed?.nextSetting : p[f];
        if (x !== undefined) v[f] = x;
      }
      out[p.if_name] = v;
    }
    return out;
  },
  label: (k) => `port ${k}`,
  restore(key, to, now) {
    const t = (to ?? {}) as PortValue;
    const n = (now ?? {}) as PortValue;
    const back: Record<string, unknown> = {};
    for (const f of PORT_SETTING_FIELDS)
      if (t[f] !== undefined && JSON.stringify(t[f]) !== JSON.stringify(n[f])) back[f] = t[f];
    return Object.keys(back).length ? portOps.setConfig(key, back) : undefined;
  },
};

const GROUP_HASH: Domain = {
  async read(c) {
    const h = await c.device.groupHash();
    return { hash: Object.fromEntries(GROUP_HASH_FIELDS.map((f) => [f, h[f]])) };
  },
  label: () => 'the group hash',
  restore: (_k, to) => (to ? deviceOps.setGroupHash(to as GroupHash) : undefined),
};

const BOOT: Domain = {
  async read(c) {
    const boot = (await c.savepoints.list()).rules.find((sp) => sp.boot);
    return { boot: boot?.name ?? null };
  },
  label: () => 'the boot save-point',
  restore: (_k, to) => (typeof to === 'string' ? savepointOps.setDefault(to) : undefined),
};

export const DOMAINS: Record<DomainName, Domain> = {
  rules: RULES,
  groups: GROUPS,
  ports: PORTS,
  grouphash: GROUP_HASH,
  boot: BOOT,
};

/** The domain each kind of before-state write sets, for those the revert watches. */
const DOMAIN_OF_KIND: Readonly<Record<string, DomainName>> = {
  'ports.setConfig': 'ports',
  'device.setGroupHash': 'grouphash',
  'savepoints.setDefault': 'boot',
};

/** The domain a before-state write sets (by its kind), if it is one the revert watches. */
export function domainOfWrite(w: RecordedWrite): DomainName | undefined {
  return Object.hasOwn(DOMAIN_OF_KIND, w.kind) ? DOMAIN_OF_KIND[w.kind] : undefined;
}

/** The domains a save-point of `kind` holds. */
export const SAVEPOINT_DOMAINS: Record<'rules' | 'ports', DomainName[]> = {
  rules: ['rules', 'groups'],
  ports: ['ports'],
};
