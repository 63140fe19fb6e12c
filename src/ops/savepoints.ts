/**
 * The save-points family's writes: create, modify, delete and activate rule and port
 * save-points, the boot save-point, quicksave; and the reads export and import need.
 */
import {
  type ApiRequest,
  activateSavePointRequest,
  type Client,
  createSavePointRequest,
  defaultRulesRequest,
  deleteSavePointRequest,
  modifySavePointRequest,
  normalizeExport,
  parseJson,
  quicksaveRequest,
  type SavePointChanges,
  type SavePointExport,
  type SavePointKind,
} from '../api/index.js';
import type {
  Group,
  PortConfig,
  PortSavePoint,
  Rule,
  RuleSavePoint,
  SavePoints,
} from '../model/index.js';
import type { ResourceKey } from '../store/resources.js';
import { type KindTable, kinded, type StateReader } from './operation.js';
import { ruleState } from './rule-state.js';

export type { SavePointChanges, SavePointExport, SavePointKind };

const LIST: readonly ResourceKey[] = ['savepoints'];
// Activating replaces the active rules and groups, or the port settings.
const ACTIVATED: Record<SavePointKind, readonly ResourceKey[]> = {
  rules: ['savepoints', 'rules', 'groups', 'flows'],
  ports: ['savepoints', 'config', 'info', 'stats'],
};

const params = (r: ApiRequest) => (r.query ?? r.json ?? {}) as Record<string, unknown>;

/** A save-point's name and description (its content is not restorable, so not kept). */
const savepointMeta =
  (kind: SavePointKind, field: string): StateReader =>
  async (c, r, phase) => {
    const q = params(r);
    const name = String((phase === 'after' && q.new_name ? q.new_name : q[field]) ?? '');
    const all = await c.savepoints.list();
    const sp = (kind === 'rules' ? all.rules : all.ports).find((s) => s.name === name);
    return sp ? { name: sp.name, description: sp.description } : null;
  };

const bootSavePoint: StateReader = async (c) => {
  const all = await c.savepoints.list();
  return { boot: all.rules.find((s) => s.boot)?.name ?? null };
};

/** The active rules and groups (what activating a rule save-point replaces). */
const activeRules: StateReader = async (c) => {
  const [groups, rules] = await Promise.all([c.groups.list(), c.rules.list()]);
  return { groups, rules: rules.rules.map(ruleState) };
};

export const savepointKinds = {
  'savepoints.activate': { route: 'PUT /savepoints/activerulesavepoint', read: activeRules },
  'savepoints.activatePorts': {
    route: 'PUT /savepoints/activeportsavepoint',
    read: (c) => c.ports.config(),
  },
  'savepoints.setDefault': { route: 'PUT /savepoints/defaultrulesavepoint', read: bootSavePoint },
  'savepoints.modify': {
    route: 'POST /savepoints/modrulesavepoint',
    read: savepointMeta('rules', 'old_name'),
  },
  'savepoints.modifyPorts': {
    route: 'POST /savepoints/modportsavepoint',
    read: savepointMeta('ports', 'old_name'),
  },
  'savepoints.create': {
    route: 'POST /savepoints/rulesavepoint',
    read: savepointMeta('rules', 'name'),
  },
  'savepoints.createPorts': {
    route: 'POST /savepoints/portsavepoint',
    read: savepointMeta('ports', 'name'),
  },
  'savepoints.remove': {
    route: 'DELETE /savepoints/rulesavepoint',
    read: savepointMeta('rules', 'name'),
  },
  'savepoints.removePorts': {
    route: 'DELETE /savepoints/portsavepoint',
    read: savepointMeta('ports', 'name'),
  },
  'savepoints.quicksave': { route: 'PUT /savepoints/quicksaverules' },
} satisfies KindTable;

const op = kinded(savepointKinds);

/** The kind of a save-point write: `savepoints.create` (rules) or `savepoints.createPorts`. */
const of = <V extends 'create' | 'modify' | 'remove' | 'activate'>(verb: V, kind: SavePointKind) =>
  kind === 'rules' ? (`savepoints.${verb}` as const) : (`savepoints.${verb}Ports` as const);

export const savepointOps = {
  /** A new save-point from the active rules and groups (or the port settings). */
  create: (kind: SavePointKind, name: string, description = '') =>
    op<RuleSavePoint | PortSavePoint | null>(
      of('create', kind),
      createSavePointRequest(kind, name, description),
      (c) =>
        kind === 'rules'
          ? c.savepoints.createRules(name, description)
          : c.savepoints.createPorts(name, description),
      LIST,
    ),
  modify: (kind: SavePointKind, changes: SavePointChanges) =>
    op<RuleSavePoint | PortSavePoint[] | null>(
      of('modify', kind),
      modifySavePointRequest(kind, changes),
      (c) =>
        kind === 'rules' ? c.savepoints.modifyRules(changes) : c.savepoints.modifyPorts(changes),
      LIST,
    ),
  remove: (kind: SavePointKind, name: string) =>
    op(
      of('remove', kind),
      deleteSavePointRequest(kind, name),
      (c) => (kind === 'rules' ? c.savepoints.deleteRules(name) : c.savepoints.deletePorts(name)),
      LIST,
    ),
  activate: (kind: SavePointKind, name: string) =>
    op(
      of('activate', kind),
      activateSavePointRequest(kind, name),
      (c) =>
        kind === 'rules' ? c.savepoints.activateRules(name) : c.savepoints.activatePorts(name),
      ACTIVATED[kind],
    ),
  /** The rule save-point that loads on boot. */
  setDefault: (name: string) =>
    op(
      'savepoints.setDefault',
      defaultRulesRequest(name),
      (c) => c.savepoints.setDefaultRules(name),
      LIST,
    ),
  /** Replaces 'Quicksave' with the active rules and makes it load on boot. */
  quicksave: () =>
    op('savepoints.quicksave', quicksaveRequest(), (c) => c.savepoints.quicksave(), LIST),
};

/** The active rules and groups and the port settings as the device has them right now. */
export async function readActiveState(
  client: Client,
): Promise<{ rules: Rule[]; groups: Group[]; config: PortConfig[] }> {
  const [rules, groups, config] = await Promise.all([
    client.rules.list(),
    client.groups.list(),
    client.ports.config(),
  ]);
  return { rules: rules.rules, groups, config };
}

/** The device's save-points right now (not the last poll). */
export function readSavePoints(client: Client): Promise<SavePoints> {
  return client.savepoints.list();
}

/** GET /savepoints/export for the named save-points. */
export function readSavePointExport(
  client: Client,
  ruleNames: string[],
  portNames: string[],
): Promise<SavePointExport> {
  return client.savepoints.export(ruleNames, portNames);
}

/** An export file's text, read as the device's export; `source` names it in errors. */
export function parseSavePointExport(text: string, source: string): SavePointExport {
  let wire: unknown;
  try {
    wire = parseJson(text);
  } catch (e) {
    throw new Error(`${source} is not JSON: ${(e as Error).message}`);
  }
  return normalizeExport(wire, source);
}
