/** Wire → model for rule and port save-points (GET /savepoints, export, create, modify). */
import type { PortSavePoint, RuleSavePoint, SavePoints } from '../model/types.js';
import { normalizePortConfig } from './normalize-ports.js';
import { normalizeGroup, normalizeRule } from './normalize-rules.js';
import { At, isObject, items, Rec } from './shape.js';

export function normalizeRuleSavePoint(value: unknown, at: At, key?: string): RuleSavePoint {
  const r = new Rec(value, at);
  const rules = r.list('rules').map((i) => normalizeRule(i.value, i.at));
  const groups = r
    .list('groups', { allowMap: true })
    .map((i) => normalizeGroup(i.value, i.at, i.key));
  const sp: RuleSavePoint = {
    name: r.str('name', key),
    description: r.str('description', ''),
    readonly: r.bool('readonly', false),
    rules,
    groups,
    flowusage: r.int('flowusage', 0),
    groupusage: r.int('groupusage', groups.length),
  };
  const boot = r.optBool('boot');
  if (boot !== undefined) sp.boot = boot;
  return sp;
}

export function normalizePortSavePoint(value: unknown, at: At, key?: string): PortSavePoint {
  const r = new Rec(value, at);
  return {
    name: r.str('name', key),
    description: r.str('description', ''),
    readonly: r.bool('readonly', false),
    ports: r
      .list('ports', { allowMap: true })
      .map((i) => normalizePortConfig(i.value, i.at, i.key)),
  };
}

/** Each collection may be an array of save-points or a map keyed by save-point name. */
function collection<T>(
  r: Rec,
  name: string,
  one: (value: unknown, at: At, key?: string) => T,
): T[] {
  return r.list(name, { allowMap: true }).map((i) => one(i.value, i.at, i.key));
}

export function normalizeSavePoints(wire: unknown, endpoint = 'GET /savepoints'): SavePoints {
  const r = new Rec(wire, new At(endpoint));
  if (!r.has('RuleSavePoints') && !r.has('PortSavePoints'))
    return r.at.key('RuleSavePoints').fail('save-point lists', undefined);
  return {
    rules: collection(r, 'RuleSavePoints', normalizeRuleSavePoint),
    ports: collection(r, 'PortSavePoints', normalizePortSavePoint),
  };
}

export interface SavePointExport extends SavePoints {
  meta_data: { device: string; software_version: string };
  /**
   * The response as received (big integers as bigint), for writing to a file: pass it to
   * `stringifyJson` to get the device's JSON back without loss.
   */
  raw: unknown;
}

export function normalizeExport(
  wire: unknown,
  endpoint = 'GET /savepoints/export',
): SavePointExport {
  const r = new Rec(wire, new At(endpoint));
  const meta = r.has('meta_data') ? r.rec('meta_data') : undefined;
  return {
    meta_data: {
      device: meta?.str('device', '') ?? '',
      software_version: meta?.str('software_version', '') ?? '',
    },
    rules: collection(r, 'RuleSavePoints', normalizeRuleSavePoint),
    ports: collection(r, 'PortSavePoints', normalizePortSavePoint),
    raw: wire,
  };
}

/** A bare Result (`{result: "OK"}`) rather than data. */
function isBareResult(wire: unknown): boolean {
  return wire === null || (isObject(wire) && Object.keys(wire).every((k) => k === 'result'));
}

/**
 * Responses that carry one save-point: the save-point itself, a list wrapped in
 * `listName`, or a map keyed by name. `wanted` picks by name from a list. null when the
 * device only confirmed with a Result.
 */
function oneSavePoint<T extends { name: string }>(
  wire: unknown,
  endpoint: string,
  listName: string,
  wanted: string | undefined,
  one: (value: unknown, at: At, key?: string) => T,
): T | null {
  if (isBareResult(wire)) return null;
  const at = new At(endpoint);
  const r = new Rec(wire, at);
  let all: T[];
  if (r.has('name') || r.has('type') || r.has('rules') || r.has('ports')) all = [one(wire, at)];
  else if (r.has(listName)) all = collection(r, listName, one);
  else all = items(wire, at).map((i) => one(i.value, i.at, i.key));
  const found = all.find((sp) => sp.name === wanted) ?? all[0];
  return found ?? at.fail(`a ${listName.replace(/s$/, '')}`, wire);
}

export function normalizeOneRuleSavePoint(
  wire: unknown,
  endpoint: string,
  wanted?: string,
): RuleSavePoint | null {
  return oneSavePoint(wire, endpoint, 'RuleSavePoints', wanted, normalizeRuleSavePoint);
}

export function normalizeOnePortSavePoint(
  wire: unknown,
  endpoint: string,
  wanted?: string,
): PortSavePoint | null {
  return oneSavePoint(wire, endpoint, 'PortSavePoints', wanted, normalizePortSavePoint);
}

/** `{RuleSavePoints: […]}` (quicksave) or `{portSavePoints: […]}` (modportsavepoint). */
export function normalizeSavePointList<T>(
  wire: unknown,
  endpoint: string,
  listName: 'RuleSavePoints' | 'PortSavePoints',
  one: (value: unknown, at: At, key?: string) => T,
): T[] {
  if (isBareResult(wire)) return [];
  const r = new Rec(wire, new At(endpoint));
  if (!r.has(listName)) return r.at.key(listName).fail('a list', undefined);
  return collection(r, listName, one);
}
