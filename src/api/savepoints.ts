/** The save-points family: /savepoints and its sub-resources. */
import type { PortSavePoint, RuleSavePoint, SavePoints } from '../model/types.js';
import {
  normalizeExport,
  normalizeOnePortSavePoint,
  normalizeOneRuleSavePoint,
  normalizePortSavePoint,
  normalizeRuleSavePoint,
  normalizeSavePointList,
  normalizeSavePoints,
  type SavePointExport,
} from './normalize-savepoints.js';
import type { Transport } from './transport.js';

export interface SavePointChanges {
  old_name: string;
  new_name?: string;
  /** Left unchanged when unset. */
  description?: string;
  /** Default true on the device: save the active rules/ports into the save-point. */
  override?: boolean;
}

export interface SavePointsApi {
  list(): Promise<SavePoints>;
  /**
   * GET /savepoints/export. An empty list sends no names of that kind (the spec's query
   * format has no empty list); with both empty the device chooses — the simulator then
   * exports every save-point.
   */
  export(ruleNames: string[], portNames: string[]): Promise<SavePointExport>;
  activateRules(name: string): Promise<string>;
  activatePorts(name: string): Promise<string>;
  setDefaultRules(name: string): Promise<string>;
  /** The changed save-point; null when the device only confirmed with a Result. */
  modifyRules(changes: SavePointChanges): Promise<RuleSavePoint | null>;
  modifyPorts(changes: SavePointChanges): Promise<PortSavePoint[]>;
  deleteRules(name: string): Promise<string>;
  deletePorts(name: string): Promise<string>;
  /** The new save-point, made from the current rules and groups (null: only a Result came). */
  createRules(name: string, description?: string): Promise<RuleSavePoint | null>;
  createPorts(name: string, description?: string): Promise<PortSavePoint | null>;
  /** Replaces the 'Quicksave' save-point with the current rules and sets it to load on boot. */
  quicksave(): Promise<RuleSavePoint[]>;
}

function changeQuery(c: SavePointChanges): Record<string, unknown> {
  const q: Record<string, unknown> = { old_name: c.old_name, new_name: c.new_name ?? c.old_name };
  if (c.description !== undefined) q.description = c.description;
  if (c.override !== undefined) q.override = c.override;
  return q;
}

export function savepointsApi(t: Transport): SavePointsApi {
  return {
    async list() {
      return normalizeSavePoints(await t.request('GET', '/savepoints'));
    },
    async export(ruleNames, portNames) {
      const query = { rule_save_point_names: ruleNames, port_save_point_names: portNames };
      return normalizeExport(await t.request('GET', '/savepoints/export', { query }));
    },
    activateRules: (name) => t.write('PUT', '/savepoints/activerulesavepoint', { query: { name } }),
    activatePorts: (name) => t.write('PUT', '/savepoints/activeportsavepoint', { query: { name } }),
    setDefaultRules: (name) =>
      t.write('PUT', '/savepoints/defaultrulesavepoint', { query: { name } }),
    async modifyRules(changes) {
      const path = '/savepoints/modrulesavepoint';
      const wire = await t.request('POST', path, { query: changeQuery(changes) });
      return normalizeOneRuleSavePoint(wire, `POST ${path}`, changes.new_name ?? changes.old_name);
    },
    async modifyPorts(changes) {
      const path = '/savepoints/modportsavepoint';
      const wire = await t.request('POST', path, { query: changeQuery(changes) });
      return normalizeSavePointList(wire, `POST ${path}`, 'PortSavePoints', normalizePortSavePoint);
    },
    deleteRules: (name) => t.write('DELETE', '/savepoints/rulesavepoint', { query: { name } }),
    deletePorts: (name) => t.write('DELETE', '/savepoints/portsavepoint', { query: { name } }),
    async createRules(name, description = '') {
      const path = '/savepoints/rulesavepoint';
      const wire = await t.request('POST', path, { query: { name, description } });
      return normalizeOneRuleSavePoint(wire, `POST ${path}`, name);
    },
    async createPorts(name, description = '') {
      const path = '/savepoints/portsavepoint';
      const wire = await t.request('POST', path, { query: { name, description } });
      return normalizeOnePortSavePoint(wire, `POST ${path}`, name);
    },
    async quicksave() {
      const path = '/savepoints/quicksaverules';
      const wire = await t.request('PUT', path);
      return normalizeSavePointList(wire, `PUT ${path}`, 'RuleSavePoints', normalizeRuleSavePoint);
    },
  };
}
