/**
 * What the journal records per kind of write: its operation kind (the names of src/ops'
 * operations) and how to read the part of the device it touches — before it is sent, and
 * again after — so that undo (undo.ts) can put it back and can tell whether the device has
 * changed since. Every write endpoint of the REST service is here; a write to a path not
 * listed is still journaled (`other`), with no state read and no undo.
 */
import type { ApiRequest, Client } from '../api/index.js';
import { DEFAULT_PRIORITY } from '../api/index.js';
import type { Group, Rule, RuleKey } from '../model/index.js';
import { usesGroups } from '../tcam/index.js';

/** A rule as it can be sent again (POST /rules): what identifies it and what it does. */
export interface RuleState {
  priority: number;
  match: Record<string, string>;
  actions: string[];
  name: string;
  description: string;
  cookie: string;
}

export const ruleState = (r: Rule): RuleState => ({
  priority: r.priority,
  match: { ...r.match },
  actions: [...r.actions],
  name: r.name,
  description: r.description,
  cookie: r.cookie.toString(),
});

type Phase = 'before' | 'after';
type Reader = (client: Client, request: ApiRequest, phase: Phase) => Promise<unknown>;

export interface Route {
  kind: string;
  /** Reads what the write touches; none for writes nothing can be read back of. */
  read?: Reader;
  /** false: read the state before only (the write moves or stops the connection). */
  readAfter?: boolean;
}

const params = (r: ApiRequest): Record<string, unknown> =>
  (r.query ?? (typeof r.json === 'object' && r.json !== null ? r.json : {})) as Record<
    string,
    unknown
  >;

/** The rule key a rules write names (priority defaults as the device's does). */
export function requestKey(r: ApiRequest): RuleKey {
  const q = params(r);
  const p = q.priority;
  const match = (q.match ?? {}) as Record<string, unknown>;
  return {
    priority: p === undefined || p === '' ? DEFAULT_PRIORITY : Number(p),
    match: Object.fromEntries(Object.entries(match).map(([k, v]) => [k, String(v ?? '')])),
  };
}

/** The rules a key reaches: the same fields and priority, each value equal or '' (any). */
export function reaches(key: RuleKey, r: RuleKey): boolean {
  if (r.malformed || r.priority !== key.priority) return false;
  const kf = Object.keys(key.match);
  if (kf.length !== Object.keys(r.match).length) return false;
  return kf.every(
    (k) => Object.hasOwn(r.match, k) && (key.match[k] === '' || r.match[k] === key.match[k]),
  );
}

const rulesAt = async (c: Client, r: ApiRequest) => {
  const key = requestKey(r);
  return (await c.rules.list()).rules.filter((x) => reaches(key, x)).map(ruleState);
};

const allRules = async (c: Client) => (await c.rules.list()).rules.map(ruleState);

const usesGroup = (rule: Rule, ids: Set<number> | 'any') => usesGroups(rule.actions, ids);

/** The groups a request names and the rules that output to them (a re-add deletes those). */
async function groupsAt(c: Client, r: ApiRequest) {
  const ids = new Set<number>(
    r.query?.group_id !== undefined
      ? [Number(r.query.group_id)]
      : Object.keys((r.json ?? {}) as object).map(Number),
  );
  const [groups, rules] = await Promise.all([c.groups.list(), c.rules.list()]);
  return {
    groups: groups.filter((g: Group) => ids.has(g.group_id)),
    rules: rules.rules.filter((x) => usesGroup(x, ids)).map(ruleState),
  };
}

async function allGroups(c: Client) {
  const [groups, rules] = await Promise.all([c.groups.list(), c.rules.list()]);
  return { groups, rules: rules.rules.filter((x) => usesGroup(x, 'any')).map(ruleState) };
}

async function activeRules(c: Client) {
  const [groups, rules] = await Promise.all([c.groups.list(), c.rules.list()]);
  return { groups, rules: rules.rules.map(ruleState) };
}

const portAt: Reader = async (c, r) =>
  (await c.ports.config()).find((p) => p.if_name === String(params(r).if_name)) ?? null;

/** A save-point's name and description (its content is not restorable, so not kept). */
const savepointMeta =
  (kind: 'rules' | 'ports', field: string): Reader =>
  async (c, r, phase) => {
    const q = params(r);
    const name = String((phase === 'after' && q.new_name ? q.new_name : q[field]) ?? '');
    const all = await c.savepoints.list();
    const sp = (kind === 'rules' ? all.rules : all.ports).find((s) => s.name === name);
    return sp ? { name: sp.name, description: sp.description } : null;
  };

const bootSavePoint: Reader = async (c) => {
  const all = await c.savepoints.list();
  return { boot: all.rules.find((s) => s.boot)?.name ?? null };
};

const userAt =
  (field: string): Reader =>
  async (c, r, phase) => {
    const q = params(r);
    const name = String((phase === 'after' && q.new_username ? q.new_username : q[field]) ?? '');
    const u = (await c.users.list()).find((x) => x.username === name);
    return u ?? null;
  };

const running: Reader = async (c) =>
  (await c.apps.running()).map((a) => ({
    pid: a.pid,
    name: a.name,
    user_description: a.user_description,
    params: a.params,
  }));

const appAt: Reader = async (c, r) => {
  const pid = Number(params(r).pid);
  const list = (await running(c, r, 'before')) as { pid: number }[];
  return list.find((a) => a.pid === pid) ?? null;
};

const ROUTES: Record<string, Route> = {
  'POST /rules': { kind: 'rules.add', read: rulesAt },
  'PUT /rules': { kind: 'rules.modify', read: rulesAt },
  'DELETE /rules': { kind: 'rules.remove', read: rulesAt },
  'DELETE /rules/all': { kind: 'rules.removeAll', read: allRules },
  'DELETE /rules/counters': { kind: 'rules.resetCounters' },
  'POST /groups': { kind: 'groups.add', read: groupsAt },
  'PUT /groups': { kind: 'groups.modify', read: groupsAt },
  'DELETE /groups': { kind: 'groups.remove', read: groupsAt },
  'DELETE /groups/all': { kind: 'groups.removeAll', read: allGroups },
  'POST /ports/config': { kind: 'ports.setConfig', read: portAt },
  'PUT /savepoints/activerulesavepoint': { kind: 'savepoints.activate', read: activeRules },
  'PUT /savepoints/activeportsavepoint': {
    kind: 'savepoints.activatePorts',
    read: (c) => c.ports.config(),
  },
  'PUT /savepoints/defaultrulesavepoint': { kind: 'savepoints.setDefault', read: bootSavePoint },
  'POST /savepoints/modrulesavepoint': {
    kind: 'savepoints.modify',
    read: savepointMeta('rules', 'old_name'),
  },
  'POST /savepoints/modportsavepoint': {
    kind: 'savepoints.modifyPorts',
    read: savepointMeta('ports', 'old_name'),
  },
  'POST /savepoints/rulesavepoint': {
    kind: 'savepoints.create',
    read: savepointMeta('rules', 'name'),
  },
  'POST /savepoints/portsavepoint': {
    kind: 'savepoints.createPorts',
    read: savepointMeta('ports', 'name'),
  },
  'DELETE /savepoints/rulesavepoint': {
    kind: 'savepoints.remove',
    read: savepointMeta('rules', 'name'),
  },
  'DELETE /savepoints/portsavepoint': {
    kind: 'savepoints.removePorts',
    read: savepointMeta('ports', 'name'),
  },
  'PUT /savepoints/quicksaverules': { kind: 'savepoints.quicksave' },
  'POST /users': { kind: 'users.add', read: userAt('username') },
  'PUT /users': { kind: 'users.modify', read: userAt('username') },
  'DELETE /users': { kind: 'users.remove', read: userAt('name') },
  'POST /users/uac': {
    kind: 'users.setUac',
    read: async (c) => ({ state: await c.users.uac() }),
  },
  'POST /users/radius': { kind: 'users.setRadius', read: (c) => c.users.radius() },
  'POST /apps': { kind: 'apps.start', read: running },
  'PUT /apps': { kind: 'apps.modify', read: appAt },
  'DELETE /apps': { kind: 'apps.stop', read: appAt },
  'POST /apps/action': { kind: 'apps.action' },
  'POST /device/name': {
    kind: 'device.setName',
    read: async (c) => ({ name: await c.device.name() }),
  },
  'POST /device/customident': {
    kind: 'device.setCustomIdent',
    read: (c) => c.device.customIdent(),
  },
  'POST /device/nameresolution': {
    kind: 'device.setNameResolution',
    read: async (c) => ({ dns: await c.device.nameResolution() }),
  },
  'POST /device/idled': {
    kind: 'device.setIdLed',
    read: async (c) => ({ activated: await c.device.idLed() }),
  },
  'POST /device/telnet': {
    kind: 'device.setTelnet',
    read: async (c) => ({ activated: await c.device.telnet() }),
  },
  'POST /device/https': { kind: 'device.setHttps' },
  'POST /device/ipconfig': {
    kind: 'device.setIpConfig',
    read: (c) => c.device.ipConfig(),
    readAfter: false,
  },
  'POST /device/rulestoragemode': {
    kind: 'device.setRuleStorageMode',
    read: (c) => c.device.ruleStorageMode(),
  },
  'POST /device/permanentrulesmode': {
    kind: 'device.setPermanentRulesMode',
    read: async (c) => ({ state: await c.device.permanentRulesMode() }),
  },
  'POST /device/grouphash': { kind: 'device.setGroupHash', read: (c) => c.device.groupHash() },
  'POST /device/controller': {
    kind: 'device.addController',
    read: (c) => c.device.controllers(),
  },
  'DELETE /device/controller': {
    kind: 'device.removeController',
    read: (c) => c.device.controllers(),
  },
  'POST /device/reboot': { kind: 'device.reboot' },
  'DELETE /weblog': { kind: 'logs.clear' },
};

/** The route of a write; `other` for a path no route names. */
export function routeOf(r: ApiRequest): Route {
  return ROUTES[`${r.method} ${r.path}`] ?? { kind: 'other' };
}

/** Every route, for tests. */
export const JOURNAL_ROUTES: Readonly<Record<string, Route>> = ROUTES;
