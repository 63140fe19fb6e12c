/**
 * The delivery check: any rule table (not only one pbc wrote) against the intents. For each
 * tool, each of its wants (restricted to the sources) is walked down the table best first:
 * the part a rule takes that the rule does not send to the tool's port is **starved**, with
 * that rule; the part no rule takes is starved with "no rule"; a part sent to a tool port
 * that is down is starved, reason `tool port down`. Each rule that sends to the tool's port
 * has its effective packets (its match on the sources, minus every rule above it): the part
 * no want of the tool holds is **extra** (no want of any tool on that port: a port shared by
 * tools receives what any of them asked for). Classes are readable matches; where the device
 * measures the rule responsible, each class has its rate (rates.ts: exact or an upper bound).
 */
import { type Cube, intersectCubes, subtractAll } from './cube.js';
import * as S from './intset.js';
import { type ClassRate, classRates } from './rates.js';
import { cubeText } from './render.js';
import { rankTable, sendsTo, type TableDevice, walk } from './table.js';
import { type Intents, type RuleRef, ruleRef } from './types.js';
import { wantCube } from './want.js';

export const REASONS = {
  noRule: 'no rule',
  elsewhere: 'taken by a rule that does not send it to the tool',
  portDown: 'tool port down',
} as const;

export interface Starved {
  match: string;
  taken_by: RuleRef | null;
  reason: string;
  cube: Cube;
  /** The measured rate of the class (rates.ts), null where no counter counts it. */
  rate: ClassRate | null;
}

export interface Extra {
  match: string;
  rule: RuleRef | null;
  cube: Cube;
  rate: ClassRate | null;
}

export interface ToolCheck {
  name: string;
  port: number;
  ok: boolean;
  starved: Starved[];
  extra: Extra[];
}

export interface DeliveryCheck {
  tools: ToolCheck[];
  /** Rules read approximately, wants the model cannot hold. */
  notes: string[];
}

export function checkDelivery(intents: Intents, dev: TableDevice): DeliveryCheck {
  const { ranked, approximate } = rankTable(dev.rules);
  const notes = [...approximate];
  const rateOf = classRates(ranked);
  const src = S.ofValues(intents.sources);
  const tools: ToolCheck[] = [];
  // each rule's own packets on the sources (its match minus every rule above), once
  const effOf = new Map<number, Cube[]>();
  const effective = (k: number, mine: Cube): Cube[] => {
    let e = effOf.get(k);
    if (!e) {
      e = walk(ranked, mine, k)
        .filter((p) => p.by === null)
        .map((p) => p.cube);
      effOf.set(k, e);
    }
    return e;
  };
  const wantsOf = intents.tools.map((t) => {
    const wants: Cube[] = [];
    for (const w of t.wants) {
      const r = wantCube(w);
      if (r.problem) notes.push(`tool '${t.name}': ${r.problem}`);
      const c = r.cube && intersectCubes(r.cube, { ...r.cube, in_port: src });
      if (c) wants.push(c);
    }
    return wants;
  });
  for (const [i, t] of intents.tools.entries()) {
    const wants = wantsOf[i]!;
    // a port shared by tools receives what any of them asked for
    const portWants = intents.tools.flatMap((u, j) => (u.port === t.port ? wantsOf[j]! : []));
    const up = dev.portUp(t.port);
    const starved: Starved[] = [];
    for (const w of wants)
      for (const piece of walk(ranked, w)) {
        const by = piece.by;
        const sent = by !== null && sendsTo(dev, by.rule, piece.cube, t.port);
        if (sent && up) continue;
        starved.push({
          match: cubeText(piece.cube),
          taken_by: by ? ruleRef(by.rule) : null,
          reason: sent ? REASONS.portDown : by ? REASONS.elsewhere : REASONS.noRule,
          cube: piece.cube,
          rate: rateOf(by, piece.cube),
        });
      }
    const extra: Extra[] = [];
    for (const [k, r] of ranked.entries()) {
      const mine = intersectCubes(r.cube, { ...r.cube, in_port: src });
      if (!mine || !sendsTo(dev, r.rule, mine, t.port)) continue;
      let eff = effective(k, mine);
      for (const w of portWants) eff = subtractAll(eff, w);
      for (const cube of eff)
        extra.push({ match: cubeText(cube), rule: ruleRef(r.rule), cube, rate: rateOf(r, cube) });
    }
    tools.push({
      name: t.name,
      port: t.port,
      ok: up && starved.length === 0 && extra.length === 0,
      starved,
      extra,
    });
  }
  return { tools, notes };
}
