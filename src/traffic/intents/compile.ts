/**
 * The compiler: intents → a prioritised rule table inside the band.
 *
 * Rules are first-match, so a packet wanted by tools T must meet, first, a rule that sends
 * to exactly T. For every set of tools S whose wants overlap (one want of each), the
 * intersection of those wants is a class; classes are ordered by |S|, largest first, and
 * each becomes rules that output to S's ports. A packet wanted by exactly T meets the class
 * of T (its wants contain it) before any class of another set: a class of S that holds the
 * packet has S ⊆ T, so |S| ≤ |T| with equality only for S = T. Below them, `unwanted: drop`
 * puts one rule taking every source packet left (so rules below the band never see the
 * sources' traffic). Every rule is restricted to the sources' in_ports.
 *
 * Cheaper: a class wholly inside a class above it is dropped (it would take nothing);
 * classes of the same tools at the same level that differ in one dimension are merged when
 * the merged class costs fewer TCAM flows. Refused: more than MAX_CLASSES classes, more
 * rules than the band has priorities, a want the model cannot combine.
 *
 * Outputs: a list of ports (`output:9,output:10`), or — when the intents give a range of group
 * IDs (`tool_groups`) — one group of type `all` per set of two or more tool ports, its buckets
 * one port each, and `group:ID` in the rules. A group is never cheaper in TCAM flows: a rule's
 * cost is its match alone (tcam flowCount; the device's real_flow_ct), its actions cost none,
 * so the compiler does not choose groups by cost; the operator asks for them (a tool moved to
 * another port is then one group change, and the rules keep their counters).
 */
import type { Match } from '../../model/index.js';
import { flowCount } from '../../tcam/index.js';
import {
  type Cube,
  cubeKey,
  DIMS,
  type Dim,
  intersectCubes,
  subtractAll,
  withinCube,
} from './cube.js';
import * as S from './intset.js';
import { rulesOf, writable } from './render.js';
import type { BandGroup, BandRule, Intents } from './types.js';
import { wantCube } from './want.js';

/** The most classes (tool-set intersections) the compiler builds before it refuses. */
export const MAX_CLASSES = 4096;

export interface CompiledClass {
  /** Indexes into intents.tools, ascending. */
  tools: number[];
  cube: Cube;
}

export interface Compiled {
  rules: BandRule[];
  /** The groups of type `all` the rules send to (only with a group range). */
  groups: BandGroup[];
  /** TCAM flows the rules occupy (the device's count: tcam flowCount of each). */
  flows: number;
  classes: CompiledClass[];
  /** What could not be merged or was left out, for people. */
  notes: string[];
  /** Why the intents cannot be compiled (nothing else is valid then). */
  refused?: string;
}

interface Cls {
  tools: number[];
  cube: Cube;
}

function wantsOf(intents: Intents): { cubes: Cube[][]; problem?: string } {
  const src = S.ofValues(intents.sources);
  const cubes: Cube[][] = [];
  for (const t of intents.tools) {
    const list: Cube[] = [];
    for (const w of t.wants) {
      const r = wantCube(w);
      if (r.problem) return { cubes, problem: `tool '${t.name}': ${r.problem}` };
      const c = r.cube && intersectCubes(r.cube, { ...r.cube, in_port: src });
      if (c) list.push(c);
    }
    cubes.push(list);
  }
  return { cubes };
}

/** Every non-empty intersection, one want per tool, by tool set; levels largest last. */
function levels(cubes: Cube[][]): Cls[][] | string {
  let level: Cls[] = [];
  for (const [t, list] of cubes.entries())
    for (const cube of list) level.push({ tools: [t], cube });
  const out: Cls[][] = [];
  let total = 0;
  while (level.length > 0) {
    total += level.length;
    if (total > MAX_CLASSES)
      return `the tools' wants overlap in more than ${MAX_CLASSES} classes: split the intents or narrow them`;
    out.push(level);
    const next = new Map<string, Cls>();
    for (const c of level) {
      const last = c.tools[c.tools.length - 1]!;
      for (let t = last + 1; t < cubes.length; t++)
        for (const w of cubes[t]!) {
          const cube = intersectCubes(c.cube, w);
          if (!cube) continue;
          const tools = [...c.tools, t];
          next.set(`${tools.join(',')}#${cubeKey(cube)}`, { tools, cube });
        }
    }
    level = [...next.values()];
  }
  return out;
}

const cost = (c: Cube): number => rulesOf(c).reduce((n, m) => n + flowCount(m), 0);

/** The one dimension two cubes differ in, or null (none or several). */
function soleDifference(a: Cube, b: Cube): Dim | null {
  let found: Dim | null = null;
  for (const d of DIMS)
    if (!S.equals(a[d], b[d])) {
      if (found) return null;
      found = d;
    }
  return found;
}

/** Merges classes of the same tools that differ in one dimension when that is cheaper. */
function merge(level: Cls[]): Cls[] {
  const bySet = new Map<string, Cls[]>();
  for (const c of level) {
    const k = c.tools.join(',');
    bySet.set(k, [...(bySet.get(k) ?? []), c]);
  }
  const out: Cls[] = [];
  for (const list of bySet.values()) {
    let changed = true;
    while (changed && list.length > 1 && list.length < 256) {
      changed = false;
      outer: for (let i = 0; i < list.length; i++)
        for (let j = i + 1; j < list.length; j++) {
          const d = soleDifference(list[i]!.cube, list[j]!.cube);
          if (!d) continue;
          const cube = { ...list[i]!.cube, [d]: S.union(list[i]!.cube[d], list[j]!.cube[d]) };
          if (cost(cube) >= cost(list[i]!.cube) + cost(list[j]!.cube)) continue;
          list.splice(j, 1);
          list[i] = { tools: list[i]!.tools, cube };
          changed = true;
          break outer;
        }
    }
    out.push(...list);
  }
  return out;
}

/**
 * Each class's rule matches: its cube, or its cube minus the classes above it (their
 * packets never reach it) when that is writable and costs fewer flows.
 */
function matchesOf(ordered: Cls[]): Match[][] {
  return ordered.map((c, i) => {
    const whole = rulesOf(c.cube);
    let pieces: Cube[] = [c.cube];
    for (let j = 0; j < i; j++) {
      if (!intersectCubes(c.cube, ordered[j]!.cube)) continue;
      const cut = subtractAll(pieces, ordered[j]!.cube);
      if (cut.length <= 64 && cut.every(writable)) pieces = cut;
    }
    const cut = pieces.flatMap(rulesOf);
    const flows = (ms: Match[]) => ms.reduce((n, m) => n + flowCount(m), 0);
    return flows(cut) < flows(whole) ? cut : whole;
  });
}

/** The most buckets a group holds (tcam MAX_BUCKETS): a bigger set of ports stays a list. */
const MAX_BUCKETS = 16;

/**
 * The actions that send to `ports`: a list, or with a group range the group of type `all` of
 * that set of ports (made once per set, IDs from the range's low end); null when the range is
 * used up.
 */
function outputsTo(intents: Intents, groups: BandGroup[]) {
  const bySet = new Map<string, number>();
  return (ports: number[]): string[] | null => {
    const range = intents.groups;
    if (!range || ports.length < 2 || ports.length > MAX_BUCKETS)
      return ports.map((p) => `output:${p}`);
    const key = ports.join(',');
    let id = bySet.get(key);
    if (id === undefined) {
      id = range[0] + groups.length;
      if (id > range[1]) return null;
      bySet.set(key, id);
      groups.push({
        group_id: id,
        type: 'all',
        description: `pbc tools: ports ${key}`,
        buckets: ports.map((p) => ({ watch_port: '', actions: [`output:${p}`] })),
      });
    }
    return [`group:${id}`];
  };
}

/** Drops classes inside a class above them (they would take nothing). */
function prune(ordered: Cls[]): Cls[] {
  const kept: Cls[] = [];
  for (const c of ordered) if (!kept.some((k) => withinCube(c.cube, k.cube))) kept.push(c);
  return kept;
}

export function compileIntents(intents: Intents): Compiled {
  const out: Compiled = { rules: [], groups: [], flows: 0, classes: [], notes: [] };
  const { cubes, problem } = wantsOf(intents);
  if (problem) return { ...out, refused: problem };
  const lv = levels(cubes);
  if (typeof lv === 'string') return { ...out, refused: lv };
  const built = lv.reduce((n, l) => n + l.length, 0);
  const merged = lv.reverse().flatMap(merge);
  const ordered = prune(merged);
  out.notes.push(
    `${built} classes: ${built - merged.length} merged into others, ${merged.length - ordered.length} dropped (inside a class above), ${ordered.length} written; ${intents.groups ? 'a group of type all for each set of tool ports (no fewer TCAM flows: actions cost none)' : 'outputs are port lists'}`,
  );
  out.classes = ordered.map((c) => ({ tools: c.tools, cube: c.cube }));
  const [lo, hi] = intents.band;
  let priority = hi;
  const matches = matchesOf(ordered);
  const outputs = outputsTo(intents, out.groups);
  for (const [i, c] of ordered.entries()) {
    const names = c.tools.map((t) => intents.tools[t]!.name);
    const ports = [...new Set(c.tools.map((t) => intents.tools[t]!.port))].sort((a, b) => a - b);
    const actions = outputs(ports);
    if (!actions) {
      const [lo, hi] = intents.groups!;
      return {
        ...out,
        rules: [],
        groups: [],
        refused: `the tool groups ${lo}-${hi} hold ${hi - lo + 1} groups; the intents need more sets of tool ports than that`,
      };
    }
    for (const match of matches[i]!)
      out.rules.push({ priority: priority--, name: `tools:${names.join('+')}`, match, actions });
  }
  if (intents.unwanted === 'drop' && intents.sources.length > 0)
    out.rules.push({
      priority: priority--,
      name: 'tools:unwanted',
      match: { in_port: S.text(S.ofValues(intents.sources)) },
      actions: ['drop'],
    });
  if (priority + 1 < lo)
    return {
      ...out,
      rules: [],
      groups: [],
      refused: `${out.rules.length} rules do not fit the band ${lo}-${hi} (${hi - lo + 1} priorities)`,
    };
  // the unwanted rule sits at the band's floor, below every class
  const last = out.rules[out.rules.length - 1];
  if (last && last.name === 'tools:unwanted') last.priority = lo;
  out.flows = out.rules.reduce((n, r) => n + flowCount(r.match), 0);
  return out;
}
