/**
 * The engine's rule records: one per rule of the device state, with the counters of the flows
 * it wins (ledger.ts), the rule as the classifier knows it (pointing back at its record, so a
 * winner the classifier hands back leads to its record without a lookup) and a memo of what
 * its actions do with a flow.
 */
import { canonicalMatch } from '../model/index.js';
import { type ClassRule, type ForwardContext, type Forwarding, forward } from '../traffic/index.js';
import type { SimFlow } from './flows.js';
import type { RuleLedger } from './ledger.js';
import type { SimRule } from './state.js';

/** What forwardOf reads of the flow table (engine-flows.ts's FlowTable; named here, not imported, so the two files do not import each other). */
interface FlowShapes {
  sim: readonly (SimFlow | undefined)[];
  shape: Int32Array;
}

export interface RuleRec {
  id: number;
  rule: SimRule;
  actions: readonly string[];
  since: number;
  ledger: RuleLedger;
  cls: EngineRule;
  /** The sync stamp it was last found in the state with. */
  seen: number;
  /**
   * Forwarding results by flow shape, for actions without groups (their result depends on
   * the flow only through its VLAN tag, ethertype and GRE; null for actions with groups);
   * valid for `memoCtx` and `memoActions`.
   */
  memo: Map<number, Forwarding> | null;
  memoCtx: ForwardContext | null;
  memoActions: readonly string[] | null;
}

/** The classifier's rule, pointing back at its record (the classifier hands it back as winner). */
export interface EngineRule extends ClassRule {
  rec: RuleRec;
}

/** The record of a classifier's rule (null: unmatched). */
export const recOf = (c: ClassRule | null): RuleRec | null => (c ? (c as EngineRule).rec : null);

/** The records of the rules the engine knows, by SimRule and by classifier id. */
export class RuleBook {
  readonly byRule = new Map<SimRule, RuleRec>();
  readonly byId = new Map<number, RuleRec>();
  private nextId = 1;

  /** A record for the rule under a new classifier id (install sequence: later = higher). */
  register(r: SimRule, ledger: RuleLedger): RuleRec {
    const id = this.nextId++;
    const rec = {
      id,
      rule: r,
      actions: r.actions,
      since: r.since,
      ledger,
      memo: null,
      memoCtx: null,
      memoActions: null,
      seen: 0,
    } as Omit<RuleRec, 'cls'> as RuleRec;
    rec.cls = {
      id,
      priority: r.priority,
      match: canonicalMatch(r.match).match,
      actions: r.actions,
      rec,
    };
    this.byRule.set(r, rec);
    this.byId.set(id, rec);
    return rec;
  }

  drop(rec: RuleRec): void {
    this.byRule.delete(rec.rule);
    this.byId.delete(rec.id);
  }

  clear(): void {
    this.byRule.clear();
    this.byId.clear();
  }
}

/** What the rule's actions do with flow `id` (memoized by flow shape for actions without groups). */
export function forwardOf(
  rec: RuleRec,
  flows: FlowShapes,
  id: number,
  ctx: ForwardContext,
): Forwarding {
  const actions = rec.rule.actions;
  if (rec.memoCtx !== ctx || rec.memoActions !== actions) {
    rec.memo = actions.some((a) => a.includes('group')) ? null : new Map();
    rec.memoCtx = ctx;
    rec.memoActions = actions;
  }
  if (rec.memo === null) return forward(actions, flows.sim[id]!.flow, ctx);
  const shape = flows.shape[id]!;
  let fw = rec.memo.get(shape);
  if (!fw) {
    fw = forward(actions, flows.sim[id]!.flow, ctx);
    rec.memo.set(shape, fw);
  }
  return fw;
}
