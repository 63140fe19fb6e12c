/**
 * /groups. POST adds or replaces (and, as the spec says, deletes every rule that uses a
 * replaced group); PUT modifies in place and keeps the rules; DELETE /groups/all deletes
 * every rule that uses any group.
 */
import type { Bucket, Group, GroupType } from '../model/index.js';
import { splitActions } from '../model/index.js';
import { errorsOf, usesGroups, validateActions } from '../tcam/index.js';
import { badRequest, conflict, notFound } from './errors.js';
import type { Params } from './params.js';
import { portMap } from './ports.js';
import type { Router } from './router.js';
import { ruleContext } from './rulesets.js';
import type { SimState } from './state.js';

const TYPES = new Set(['select', 'ff', 'all']);
const RESERVED = new Set(['username', 'password']);

export function groupToWire(g: Group): Record<string, unknown> {
  return {
    group_id: g.group_id,
    type: g.type.toUpperCase(),
    description: g.description,
    buckets: g.buckets.map((b) => ({ watch_port: b.watch_port, actions: b.actions.join(',') })),
  };
}

function rulesUsingGroups(state: SimState, ids: ReadonlySet<number>): string[] {
  const keys: string[] = [];
  for (const [key, r] of state.rules) {
    if (usesGroups(r.actions, ids)) keys.push(key);
  }
  return keys;
}

function parseGroupId(text: string): number {
  if (!/^\d{1,10}$/.test(text) || Number(text) > 0xffffff00)
    throw badRequest(`group id must be an integer 0..4294967040, got '${text}'`);
  return Number(text);
}

/** Reads the spec's Group input: an object keyed by group number. */
function groupsOf(params: Params, state: SimState, groupIdsAfter: Set<number>): Group[] {
  const entries = Object.entries(params.raw).filter(([k]) => !RESERVED.has(k));
  if (entries.length === 0)
    throw badRequest(
      'the body must be a JSON object keyed by group id, e.g. {"1":{"group_id":"1","type":"select","buckets":[…]}}',
    );
  const ports = portMap(state);
  const out: Group[] = [];
  for (const [key, value] of entries) {
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw badRequest(`group '${key}' must be an object with group_id, type and buckets`);
    const v = value as Record<string, unknown>;
    const id = parseGroupId(key);
    if (v.group_id !== undefined && String(v.group_id) !== key)
      throw badRequest(`group key '${key}' and group_id '${String(v.group_id)}' differ`);
    const type = String(v.type ?? '').toLowerCase();
    if (!TYPES.has(type))
      throw badRequest(
        `group ${id}: type must be select, ff or all, got '${String(v.type ?? '')}'`,
      );
    if (!Array.isArray(v.buckets) || v.buckets.length < 1 || v.buckets.length > 16)
      throw badRequest(`group ${id}: buckets must be a list of 1 to 16 buckets`);
    const buckets: Bucket[] = v.buckets.map((b, i) => {
      if (!b || typeof b !== 'object')
        throw badRequest(`group ${id} bucket ${i + 1} must be an object`);
      const bb = b as Record<string, unknown>;
      const watch =
        bb.watch_port === undefined || bb.watch_port === null ? '' : String(bb.watch_port).trim();
      if (watch !== '' && !(/^\d+$/.test(watch) && ports.has(Number(watch))))
        throw badRequest(
          `group ${id} bucket ${i + 1}: watch_port '${watch}' is not a port of this device`,
        );
      if (type === 'ff' && watch === '')
        throw badRequest(`group ${id} bucket ${i + 1}: a fast-failover bucket needs a watch_port`);
      const raw = bb.actions;
      const actions = Array.isArray(raw)
        ? raw.map((a) => String(a).trim())
        : splitActions(String(raw ?? ''));
      const errors = errorsOf(
        validateActions(actions, { ...ruleContext(state), groups: groupIdsAfter }),
      );
      const nested = actions.find((a) => a.startsWith('group:'));
      if (nested)
        throw badRequest(
          `group ${id} bucket ${i + 1}: a bucket cannot send to another group (${nested})`,
        );
      if (errors.length > 0) throw badRequest(`group ${id} bucket ${i + 1}: ${errors[0]!.message}`);
      return { watch_port: watch, actions };
    });
    const description =
      v.description === undefined || v.description === null ? '' : String(v.description);
    if (description.length > 1024)
      throw badRequest(`group ${id}: description is longer than 1024 characters`);
    out.push({ group_id: id, type: type as GroupType, description, buckets });
  }
  return out;
}

export function registerGroups(router: Router): void {
  router.add('GET', '/groups/all', 'R', ({ state }) => ({
    rules: [...state.groups.values()].sort((a, b) => a.group_id - b.group_id).map(groupToWire),
  }));

  router.add('POST', '/groups', 'W', ({ params, state }) => {
    const groups = groupsOf(params, state, new Set(state.groups.keys()));
    const replaced = new Set(
      groups.filter((g) => state.groups.has(g.group_id)).map((g) => g.group_id),
    );
    const doomed = rulesUsingGroups(state, replaced);
    for (const key of doomed) state.rules.delete(key);
    for (const g of groups) state.groups.set(g.group_id, g);
    state.changed(
      `groups: set ${groups.map((g) => g.group_id).join(', ')}${doomed.length ? `; deleted ${doomed.length} rules that used them` : ''}`,
    );
  });

  router.add('PUT', '/groups', 'W', ({ params, state }) => {
    const groups = groupsOf(params, state, new Set(state.groups.keys()));
    const missing = groups.find((g) => !state.groups.has(g.group_id));
    if (missing) throw notFound(`group ${missing.group_id} does not exist; use POST to add it`);
    for (const g of groups) state.groups.set(g.group_id, g);
    state.changed(`groups: modified ${groups.map((g) => g.group_id).join(', ')}`);
  });

  router.add('DELETE', '/groups', 'W', ({ params, state }) => {
    const id = parseGroupId(params.requireStr('group_id'));
    if (!state.groups.has(id)) throw notFound(`group ${id} does not exist`);
    const users = rulesUsingGroups(state, new Set([id]));
    if (users.length > 0)
      throw conflict(
        `group ${id} is used by ${users.length} rule(s); delete or change those rules first`,
      );
    state.groups.delete(id);
    state.changed(`groups: deleted ${id}`);
  });

  router.add('DELETE', '/groups/all', 'W', ({ state }) => {
    const doomed = rulesUsingGroups(state, new Set(state.groups.keys()));
    for (const key of doomed) state.rules.delete(key);
    const n = state.groups.size;
    state.groups.clear();
    state.changed(`groups: deleted all ${n} groups and ${doomed.length} rules that used them`);
  });
}
