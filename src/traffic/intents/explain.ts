/**
 * Why a rule's counter is zero: the rules above it that take its packets (all of them, or
 * part), what of its match is left to it, and the state of its input ports.
 */
import { cubeOfMatch, withinCube } from './cube.js';
import * as S from './intset.js';
import { cubeText } from './render.js';
import { rankTable, type TableDevice, walk } from './table.js';
import { type RuleRef, ruleRef, type TableRule } from './types.js';

export interface Explained {
  rule: RuleRef;
  /** Rules above it that take some of its packets, best first; `all` when one takes every one. */
  taken_by: Array<RuleRef & { all: boolean }>;
  /** What of its match reaches it (empty: shadowed). */
  remaining: string[];
  shadowed: boolean;
  /** Its input ports (every port of the device when the match names none) and their state. */
  ports: Array<{ port: number; up: boolean }>;
  notes: string[];
}

export function explainRule(
  target: TableRule,
  dev: TableDevice & { ports: readonly number[] },
): Explained {
  const { ranked, approximate } = rankTable(dev.rules);
  const me = cubeOfMatch(target.match).cube;
  const k = ranked.findIndex((r) => r.rule === target);
  const taken = me && k >= 0 ? walk(ranked, me, k) : [];
  const byRule = new Map<TableRule, boolean>();
  for (const p of taken)
    if (p.by) byRule.set(p.by.rule, (byRule.get(p.by.rule) ?? false) || withinCube(me!, p.by.cube));
  const remaining = taken.filter((p) => p.by === null).map((p) => cubeText(p.cube));
  const ports = me ? dev.ports.filter((p) => S.has(me.in_port, p)) : [...dev.ports];
  const notes = [...approximate];
  if (!me) notes.push('the match admits no packet');
  return {
    rule: ruleRef(target),
    taken_by: [...byRule].map(([r, all]) => ({ ...ruleRef(r), all })),
    remaining,
    shadowed: me !== null && remaining.length === 0,
    ports: ports.map((port) => ({ port, up: dev.portUp(port) })),
    notes,
  };
}
