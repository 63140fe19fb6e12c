/**
 * A device's rule table as the check and explain read it: each rule's packets as a cube,
 * best first (priority, then the device's order), and whether a rule sends a class to a port
 * (tcam's action interpreter on an example packet of the class).
 */
import type { Group } from '../../model/index.js';
import { forward } from '../index.js';
import { type Cube, cubeOfMatch, intersectCubes, subtractCube } from './cube.js';
import { examplePacket } from './render.js';
import type { TableRule } from './types.js';

export interface TableDevice {
  rules: readonly TableRule[];
  groups: ReadonlyMap<number, Group>;
  /** Link up and not shut down. */
  portUp(port: number): boolean;
  hashFields: readonly string[];
}

export interface Ranked {
  rule: TableRule;
  cube: Cube;
}

export interface RankedTable {
  ranked: Ranked[];
  /** Rules whose match holds fields the classes leave out (their cube is a superset). */
  approximate: string[];
}

export function rankTable(rules: readonly TableRule[]): RankedTable {
  const ranked: (Ranked & { i: number })[] = [];
  const approximate: string[] = [];
  for (const [i, rule] of rules.entries()) {
    const { cube, unsupported } = cubeOfMatch(rule.match);
    if (unsupported.length > 0)
      approximate.push(`priority ${rule.priority}: ${unsupported.join(', ')} not modelled`);
    if (cube) ranked.push({ rule, cube, i });
  }
  ranked.sort((a, b) => b.rule.priority - a.rule.priority || a.i - b.i);
  return { ranked: ranked.map(({ rule, cube }) => ({ rule, cube })), approximate };
}

/** Does the rule send the class's packets to `port` (counting a copy lost to a down port)? */
export function sendsTo(dev: TableDevice, rule: TableRule, cls: Cube, port: number): boolean {
  const fw = forward(rule.actions, examplePacket(cls), dev);
  return fw.outputs.some((o) => o.port === port) || fw.lost.includes(port);
}

/** The most pieces a class is cut into before the walk stops (the answer is then partial). */
export const MAX_PIECES = 512;

export interface Taken {
  cube: Cube;
  by: Ranked | null;
}

/** Which rule takes which part of `start`, walking the table best first. */
export function walk(table: readonly Ranked[], start: Cube, upTo = table.length): Taken[] {
  let pieces: Cube[] = [start];
  const out: Taken[] = [];
  for (let k = 0; k < upTo && pieces.length > 0; k++) {
    const r = table[k]!;
    const rest: Cube[] = [];
    for (const p of pieces) {
      const x = intersectCubes(p, r.cube);
      if (!x) {
        rest.push(p);
        continue;
      }
      out.push({ cube: x, by: r });
      rest.push(...subtractCube(p, r.cube));
    }
    pieces = rest.length > MAX_PIECES ? rest.slice(0, MAX_PIECES) : rest;
  }
  for (const p of pieces) out.push({ cube: p, by: null });
  return out;
}
