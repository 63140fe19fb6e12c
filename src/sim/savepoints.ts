/** /savepoints: rule and port save-points, activation, boot default, Quicksave, export. */
import { flowCount } from '../tcam/index.js';
import { badRequest, conflict, notFound } from './errors.js';
import { groupToWire } from './groups.js';
import type { Params } from './params.js';
import { applyPortSavePoint, currentPortSettings } from './ports.js';
import type { Router } from './router.js';
import { expireRules } from './rule-timeouts.js';
import { ruleCountersFor, savedRuleToWire } from './rule-wire.js';
import { loadRuleSet } from './rulesets.js';
import type { SavedRule, SimState, StoredPortSavePoint, StoredRuleSavePoint } from './state.js';

const QUICKSAVE = 'Quicksave';

function name(params: Params, key = 'name'): string {
  const n = params.requireName(key);
  if (n.length > 128) throw badRequest(`${key} is longer than 128 characters`);
  return n;
}

function description(params: Params): string | undefined {
  const v = params.get('description');
  if (v === undefined || v === null) return undefined;
  const s = String(v);
  if (s.length > 1024) throw badRequest('description is longer than 1024 characters');
  return s;
}

/** The name, description and writable flag of a new save-point; refused when the name is taken. */
function fresh(params: Params, taken: ReadonlyMap<string, unknown>, what: string) {
  const n = name(params);
  if (taken.has(n)) throw conflict(`a ${what} named '${n}' already exists`);
  return { name: n, description: description(params) ?? '', readonly: false };
}

function ruleSpToWire(state: SimState, sp: StoredRuleSavePoint): Record<string, unknown> {
  return {
    name: sp.name,
    description: sp.description,
    readonly: sp.readonly,
    type: 'RuleSavePoint',
    boot: state.bootRuleSavePoint === sp.name,
    flowusage: sp.rules.reduce((n, r) => n + flowCount(r.match), 0),
    groupusage: sp.groups.length,
    rules: sp.rules.map((r) => savedRuleToWire(state, r)),
    groups: sp.groups.map((g) => {
      const w = groupToWire(g);
      return { ...w, group_id: String(g.group_id), buckets: JSON.stringify(w.buckets) };
    }),
  };
}

function portSpToWire(sp: StoredPortSavePoint): Record<string, unknown> {
  return {
    name: sp.name,
    description: sp.description,
    readonly: sp.readonly,
    type: 'PortSavePoint',
    ports: sp.ports,
  };
}

/** Lists as arrays; with --quirks as maps keyed by name (the spec's samples use both). */
function collection<T extends { name: string }>(
  state: SimState,
  items: T[],
  wire: (t: T) => unknown,
): unknown {
  if (!state.quirks) return items.map(wire);
  return Object.fromEntries(items.map((i) => [i.name, wire(i)]));
}

function snapshotRules(state: SimState): SavedRule[] {
  expireRules(state);
  const counters = ruleCountersFor(state, state.counterNow());
  return [...state.rules.values()].map((r) => {
    const c = counters(r);
    return { ...structuredClone(r), n_packets: c.n_packets, n_bytes: c.n_bytes };
  });
}

/** The active rules (with their counters) and groups, as a rule save-point keeps them. */
function activeRules(state: SimState): Pick<StoredRuleSavePoint, 'rules' | 'groups'> {
  return { rules: snapshotRules(state), groups: structuredClone([...state.groups.values()]) };
}

function ruleSp(state: SimState, n: string): StoredRuleSavePoint {
  const sp = state.ruleSavePoints.get(n);
  if (!sp) throw notFound(`no rule save-point named '${n}'`);
  return sp;
}

function portSp(state: SimState, n: string): StoredPortSavePoint {
  const sp = state.portSavePoints.get(n);
  if (!sp) throw notFound(`no port save-point named '${n}'`);
  return sp;
}

export function registerSavePoints(router: Router): void {
  router.add('GET', '/savepoints', 'R', ({ state }) => ({
    RuleSavePoints: collection(state, [...state.ruleSavePoints.values()], (sp) =>
      ruleSpToWire(state, sp),
    ),
    PortSavePoints: collection(state, [...state.portSavePoints.values()], portSpToWire),
  }));

  router.add('GET', '/savepoints/export', 'R', ({ params, state }) => {
    const ruleNames = params.list('rule_save_point_names');
    const portNames = params.list('port_save_point_names');
    const all = ruleNames === undefined && portNames === undefined;
    const rules = all
      ? [...state.ruleSavePoints.values()]
      : (ruleNames ?? []).map((n) => ruleSp(state, n));
    const ports = all
      ? [...state.portSavePoints.values()]
      : (portNames ?? []).map((n) => portSp(state, n));
    return {
      meta_data: { device: state.identity.model, software_version: state.identity.imageVersion },
      RuleSavePoints: collection(state, rules, (sp) => ruleSpToWire(state, sp)),
      PortSavePoints: collection(state, ports, portSpToWire),
    };
  });

  router.add('PUT', '/savepoints/activerulesavepoint', 'W', ({ params, state }) => {
    const sp = ruleSp(state, name(params));
    loadRuleSet(state, sp);
    state.changed(
      `savepoints: activated rule save-point '${sp.name}' (${sp.rules.length} rules, ${sp.groups.length} groups)`,
    );
  });

  router.add('PUT', '/savepoints/activeportsavepoint', 'S', ({ params, state }) => {
    const sp = portSp(state, name(params));
    applyPortSavePoint(state, sp);
    state.changed(`savepoints: activated port save-point '${sp.name}'`);
  });

  router.add('PUT', '/savepoints/defaultrulesavepoint', 'S', ({ params, state }) => {
    const sp = ruleSp(state, name(params));
    state.bootRuleSavePoint = sp.name;
    state.changed(`savepoints: '${sp.name}' loads on boot`);
  });

  router.add('POST', '/savepoints/rulesavepoint', 'W', ({ params, state }) => {
    const sp: StoredRuleSavePoint = {
      ...fresh(params, state.ruleSavePoints, 'rule save-point'),
      ...activeRules(state),
    };
    state.ruleSavePoints.set(sp.name, sp);
    state.changed(`savepoints: created rule save-point '${sp.name}' (${sp.rules.length} rules)`);
    return ruleSpToWire(state, sp);
  });

  router.add('DELETE', '/savepoints/rulesavepoint', 'W', ({ params, state }) => {
    const n = name(params);
    const sp = state.ruleSavePoints.get(n);
    if (!sp) return { result: 'OK' }; // the spec: deletes it if it exists
    if (sp.readonly) throw conflict(`rule save-point '${n}' is read-only and cannot be deleted`);
    state.ruleSavePoints.delete(n);
    if (state.bootRuleSavePoint === n) state.bootRuleSavePoint = null;
    state.changed(`savepoints: deleted rule save-point '${n}'`);
  });

  router.add('POST', '/savepoints/modrulesavepoint', 'W', ({ params, state }) => {
    const sp = ruleSp(state, name(params, 'old_name'));
    if (sp.readonly) throw conflict(`rule save-point '${sp.name}' is read-only`);
    const newName = params.str('new_name')?.trim() || sp.name;
    if (newName.length > 128) throw badRequest('new_name is longer than 128 characters');
    if (newName !== sp.name && state.ruleSavePoints.has(newName))
      throw conflict(`a rule save-point named '${newName}' already exists`);
    const desc = description(params);
    const override = params.bool('override') ?? true;
    const updated: StoredRuleSavePoint = {
      ...sp,
      name: newName,
      description: desc ?? sp.description,
      ...(override ? activeRules(state) : {}),
    };
    state.ruleSavePoints.delete(sp.name);
    state.ruleSavePoints.set(newName, updated);
    if (state.bootRuleSavePoint === sp.name) state.bootRuleSavePoint = newName;
    state.changed(
      `savepoints: modified rule save-point '${sp.name}'${newName !== sp.name ? ` → '${newName}'` : ''}${override ? ' (saved active rules into it)' : ''}`,
    );
    return ruleSpToWire(state, updated);
  });

  router.add('PUT', '/savepoints/quicksaverules', 'W', ({ state }) => {
    const sp: StoredRuleSavePoint = {
      name: QUICKSAVE,
      description: `Quicksave of ${state.rules.size} rules`,
      readonly: false,
      ...activeRules(state),
    };
    state.ruleSavePoints.set(QUICKSAVE, sp);
    state.bootRuleSavePoint = QUICKSAVE;
    state.changed(`savepoints: Quicksave of ${sp.rules.length} rules; loads on boot`);
    return { RuleSavePoints: collection(state, [sp], (s) => ruleSpToWire(state, s)) };
  });

  router.add('POST', '/savepoints/portsavepoint', 'S', ({ params, state }) => {
    const sp: StoredPortSavePoint = {
      ...fresh(params, state.portSavePoints, 'port save-point'),
      ports: currentPortSettings(state),
    };
    state.portSavePoints.set(sp.name, sp);
    state.changed(`savepoints: created port save-point '${sp.name}'`);
    return portSpToWire(sp);
  });

  router.add('DELETE', '/savepoints/portsavepoint', 'S', ({ params, state }) => {
    const n = name(params);
    const sp = state.portSavePoints.get(n);
    if (!sp) return { result: 'OK' };
    if (sp.readonly) throw conflict(`port save-point '${n}' is read-only and cannot be deleted`);
    state.portSavePoints.delete(n);
    state.changed(`savepoints: deleted port save-point '${n}'`);
  });

  router.add('POST', '/savepoints/modportsavepoint', 'S', ({ params, state }) => {
    const sp = portSp(state, name(params, 'old_name'));
    if (sp.readonly) throw conflict(`port save-point '${sp.name}' is read-only`);
    const newName = params.str('new_name')?.trim() || sp.name;
    if (newName !== sp.name && state.portSavePoints.has(newName))
      throw conflict(`a port save-point named '${newName}' already exists`);
    const desc = description(params);
    const override = params.bool('override') ?? true;
    const updated: StoredPortSavePoint = {
      ...sp,
      name: newName,
      description: desc ?? sp.description,
      ...(override ? { ports: currentPortSettings(state) } : {}),
    };
    state.portSavePoints.delete(sp.name);
    state.portSavePoints.set(newName, updated);
    state.changed(`savepoints: modified port save-point '${sp.name}'`);
    return { portSavePoints: collection(state, [...state.portSavePoints.values()], portSpToWire) };
  });
}
