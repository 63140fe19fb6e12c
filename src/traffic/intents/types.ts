/**
 * Tool intents: what each tool port needs, in the rules' own match form, and what pbc owns
 * to deliver it. The file side (src/ops/desired) reads them with file:line:col; the
 * compiler (compile.ts) turns them into a rule table inside the band; the delivery check
 * (check.ts) proves any rule table against them.
 */
import type { Match } from '../../model/index.js';

export interface ToolIntent {
  name: string;
  /** The tool port's port_no (the file may name it by if_name; resolved against the device). */
  port: number;
  /** Any of these: each a match as rules write it, with ranges allowed for VLAN IDs. */
  wants: Match[];
}

export interface Intents {
  tools: ToolIntent[];
  /** Network ports whose traffic the tools may receive. */
  sources: number[];
  /** The priorities pbc owns for these rules, inclusive. */
  band: [number, number];
  /** What the band does with a source packet no tool wants. */
  unwanted: 'drop' | 'pass';
  /**
   * The group IDs pbc owns for the tools, inclusive: given, each set of two or more tool ports
   * is one group of type `all` the band's rules send to (compile.ts); absent, output lists.
   */
  groups?: [number, number];
}

export const DEFAULT_BAND: [number, number] = [10000, 19999];

/** A rule as the compiler writes it and as the check names one. */
export interface BandRule {
  priority: number;
  name: string;
  match: Match;
  actions: string[];
}

/** A group of type `all` as the compiler writes it: one bucket per tool port. */
export interface BandGroup {
  group_id: number;
  type: 'all';
  description: string;
  buckets: { watch_port: string; actions: string[] }[];
}

/** A rule of a device's table as the check reads it. */
export interface TableRule {
  priority: number;
  name: string;
  match: Match;
  actions: readonly string[];
  /** The device's measured rate of the rule, bit/s (null: n/a; absent: not measured). */
  datarate_raw?: number | null;
}

export const ruleRef = (r: TableRule) => ({ priority: r.priority, name: r.name, match: r.match });
export type RuleRef = ReturnType<typeof ruleRef>;
