/** What the operations of screen 5 work with, and their shared helpers. */
import type {
  Group,
  PortConfig,
  PortSavePoint,
  RuleSavePoint,
  SavePoints,
  StorageMode,
} from '../../model/index.js';
import { SUPER, sanitize, WRITE } from '../../model/index.js';
import { readActiveState } from '../../ops/savepoints.js';
import type { ResourceData } from '../../store/resources.js';
import type { ActionContext } from '../dialogs/action-context.js';
import type { Line } from '../dialogs/dialog.js';
import {
  type DiffLine,
  diffGroups,
  diffPorts,
  diffRules,
  portDiffLines,
  type RuleLike,
  ruleDiffLines,
} from './diff.js';

export type Selected = { pane: 'rules'; sp: RuleSavePoint } | { pane: 'ports'; sp: PortSavePoint };

export interface SavePointsContext extends ActionContext {
  savepoints: SavePoints | undefined;
  rules: ResourceData['rules'] | undefined;
  groups: Group[] | undefined;
  config: PortConfig[] | undefined;
  portNumbers: string[] | undefined;
  mode: StorageMode | undefined;
  permanent: boolean | undefined;
  deviceName: string | undefined;
  /** Width of the dialog's text. */
  width: number;
  /** This console activated that save-point (the FLAGS column marks it: running.ts). */
  activated?: (pane: 'rules' | 'ports', name: string) => void;
}

export const q = (name: string) => `'${sanitize(name)}'`;
export const lines = (d: DiffLine[]): Line[] =>
  d.map((l) => (l.color ? { text: l.text, color: l.color } : l.text));
export const levelOf = (s: Selected) => (s.pane === 'rules' ? WRITE : SUPER);
export const kind = (s: Selected) => (s.pane === 'rules' ? 'rule save-point' : 'port save-point');

/** The active rules and groups (or the port settings) as the device has them right now. */
export function currentState(ctx: SavePointsContext) {
  return readActiveState(ctx.client);
}

/** What a save-point holds, or the device has now: rules and groups, port settings. */
export interface Contents {
  rules: readonly RuleLike[];
  groups: readonly Group[];
  ports: readonly PortConfig[];
}

/** A save-point's contents (the other kind's part empty). */
export const contentsOf = (s: Selected): Contents =>
  s.pane === 'rules'
    ? { rules: s.sp.rules, groups: s.sp.groups, ports: [] }
    : { rules: [], groups: [], ports: s.sp.ports };

/** The device's contents right now. */
export async function currentContents(ctx: SavePointsContext): Promise<Contents> {
  const now = await currentState(ctx);
  return { rules: now.rules, groups: now.groups, ports: now.config };
}

/** What goes from `from` to `to` changes: rules and groups, or port settings (`pane`). */
export function contentDiff(pane: Selected['pane'], from: Contents, to: Contents): Line[] {
  return lines(
    pane === 'rules'
      ? ruleDiffLines(diffRules(from.rules, to.rules), diffGroups(from.groups, to.groups))
      : portDiffLines(diffPorts(from.ports, to.ports)),
  );
}
