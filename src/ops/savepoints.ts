/**
 * The save-points family's writes: create, modify, delete and activate rule and port
 * save-points, the boot save-point, quicksave; and the reads export and import need.
 */
import {
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
import { operation } from './operation.js';

export type { SavePointChanges, SavePointExport, SavePointKind };

const LIST: readonly ResourceKey[] = ['savepoints'];
// Activating replaces the active rules and groups, or the port settings.
const ACTIVATED: Record<SavePointKind, readonly ResourceKey[]> = {
  rules: ['savepoints', 'rules', 'groups', 'flows'],
  ports: ['savepoints', 'config', 'info', 'stats'],
};

export const savepointOps = {
  /** A new save-point from the active rules and groups (or the port settings). */
  create: (kind: SavePointKind, name: string, description = '') =>
    operation<RuleSavePoint | PortSavePoint | null>(
      'savepoints.create',
      createSavePointRequest(kind, name, description),
      (c) =>
        kind === 'rules'
          ? c.savepoints.createRules(name, description)
          : c.savepoints.createPorts(name, description),
      LIST,
    ),
  modify: (kind: SavePointKind, changes: SavePointChanges) =>
    operation<RuleSavePoint | PortSavePoint[] | null>(
      'savepoints.modify',
      modifySavePointRequest(kind, changes),
      (c) =>
        kind === 'rules' ? c.savepoints.modifyRules(changes) : c.savepoints.modifyPorts(changes),
      LIST,
    ),
  remove: (kind: SavePointKind, name: string) =>
    operation(
      'savepoints.remove',
      deleteSavePointRequest(kind, name),
      (c) => (kind === 'rules' ? c.savepoints.deleteRules(name) : c.savepoints.deletePorts(name)),
      LIST,
    ),
  activate: (kind: SavePointKind, name: string) =>
    operation(
      'savepoints.activate',
      activateSavePointRequest(kind, name),
      (c) =>
        kind === 'rules' ? c.savepoints.activateRules(name) : c.savepoints.activatePorts(name),
      ACTIVATED[kind],
    ),
  /** The rule save-point that loads on boot. */
  setDefault: (name: string) =>
    operation(
      'savepoints.setDefault',
      defaultRulesRequest(name),
      (c) => c.savepoints.setDefaultRules(name),
      LIST,
    ),
  /** Replaces 'Quicksave' with the active rules and makes it load on boot. */
  quicksave: () =>
    operation('savepoints.quicksave', quicksaveRequest(), (c) => c.savepoints.quicksave(), LIST),
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
