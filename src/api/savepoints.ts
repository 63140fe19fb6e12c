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
import { type ApiRequest, queryRequest, sendRequest, sendWrite } from './request.js';
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

export type SavePointKind = 'rules' | 'ports';
const ONE: Record<SavePointKind, string> = { rules: 'rulesavepoint', ports: 'portsavepoint' };

/** PUT /savepoints/activerulesavepoint or activeportsavepoint. */
export const activateSavePointRequest = (kind: SavePointKind, name: string): ApiRequest =>
  queryRequest(
    'PUT',
    kind === 'rules' ? '/savepoints/activerulesavepoint' : '/savepoints/activeportsavepoint',
    { name },
  );
/** PUT /savepoints/defaultrulesavepoint: the rule save-point that loads on boot. */
export const defaultRulesRequest = (name: string): ApiRequest =>
  queryRequest('PUT', '/savepoints/defaultrulesavepoint', { name });
/** POST /savepoints/modrulesavepoint or modportsavepoint. */
export const modifySavePointRequest = (
  kind: SavePointKind,
  changes: SavePointChanges,
): ApiRequest =>
  queryRequest(
    'POST',
    kind === 'rules' ? '/savepoints/modrulesavepoint' : '/savepoints/modportsavepoint',
    changeQuery(changes),
  );
/** DELETE /savepoints/rulesavepoint or portsavepoint. */
export const deleteSavePointRequest = (kind: SavePointKind, name: string): ApiRequest =>
  queryRequest('DELETE', `/savepoints/${ONE[kind]}`, { name });
/** POST /savepoints/rulesavepoint or portsavepoint: a new one from the current state. */
export const createSavePointRequest = (
  kind: SavePointKind,
  name: string,
  description = '',
): ApiRequest => queryRequest('POST', `/savepoints/${ONE[kind]}`, { name, description });
/** PUT /savepoints/quicksaverules. */
export const quicksaveRequest = (): ApiRequest => queryRequest('PUT', '/savepoints/quicksaverules');

export function savepointsApi(t: Transport): SavePointsApi {
  return {
    async list() {
      return normalizeSavePoints(await t.request('GET', '/savepoints'));
    },
    async export(ruleNames, portNames) {
      const query = { rule_save_point_names: ruleNames, port_save_point_names: portNames };
      return normalizeExport(await t.request('GET', '/savepoints/export', { query }));
    },
    activateRules: (name) => sendWrite(t, activateSavePointRequest('rules', name)),
    activatePorts: (name) => sendWrite(t, activateSavePointRequest('ports', name)),
    setDefaultRules: (name) => sendWrite(t, defaultRulesRequest(name)),
    async modifyRules(changes) {
      const r = modifySavePointRequest('rules', changes);
      return normalizeOneRuleSavePoint(
        await sendRequest(t, r),
        `POST ${r.path}`,
        changes.new_name ?? changes.old_name,
      );
    },
    async modifyPorts(changes) {
      const r = modifySavePointRequest('ports', changes);
      return normalizeSavePointList(
        await sendRequest(t, r),
        `POST ${r.path}`,
        'PortSavePoints',
        normalizePortSavePoint,
      );
    },
    deleteRules: (name) => sendWrite(t, deleteSavePointRequest('rules', name)),
    deletePorts: (name) => sendWrite(t, deleteSavePointRequest('ports', name)),
    async createRules(name, description) {
      const r = createSavePointRequest('rules', name, description);
      return normalizeOneRuleSavePoint(await sendRequest(t, r), `POST ${r.path}`, name);
    },
    async createPorts(name, description) {
      const r = createSavePointRequest('ports', name, description);
      return normalizeOnePortSavePoint(await sendRequest(t, r), `POST ${r.path}`, name);
    },
    async quicksave() {
      const r = quicksaveRequest();
      return normalizeSavePointList(
        await sendRequest(t, r),
        `PUT ${r.path}`,
        'RuleSavePoints',
        normalizeRuleSavePoint,
      );
    },
  };
}
