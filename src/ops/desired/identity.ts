/**
 * Which rule of the file is which rule of the device. A rule is identified by its priority
 * and its match (the device's own identity), compared by meaning rather than spelling: the
 * match's normal form is the one the TCAM model and the simulator share (src/tcam
 * shadow.ts `normalMatch`: aliases folded onto their canonical field, shorthands and the
 * vendor's `protocol=`/`vlan=` dialect expanded, `1,2` and `1-2` the same port set,
 * `0x0800` and `2048` the same number, `/8` and `/255.0.0.0` the same prefix, MACs in any
 * case, a value that admits everything counted as no constraint). The vendor's `extra`
 * timeouts are part of the identity (two rules differing only there are two rules). A
 * match that does not parse keeps its written form, field names lower-cased, values trimmed.
 *
 * Actions are compared in order, by meaning: `2` = `output:2`, `output:2,3` = `output:2`
 * then `output:3`, names in any case, `strip_vlan` = `pop_vlan`, numbers in any base.
 */
import {
  canonicalMatch,
  type Match,
  outputForm,
  parseIntStrict,
  splitActions,
} from '../../model/index.js';
import { type Constraint, fieldEntries, normalMatch } from '../../tcam/index.js';

function constraintText(c: Constraint): string {
  if (typeof c === 'number') return String(c);
  switch (c.t) {
    case 'set':
      return c.values.join(',');
    case 'range':
      return c.lo === c.hi ? String(c.lo) : `${c.lo}-${c.hi}`;
    case 'bits':
      return `${c.value.toString(16)}/${c.mask.toString(16)}`;
  }
}

/** The written form, for a match that does not parse. */
function writtenText(match: Match): string {
  return Object.entries(match)
    .map(([k, v]) => `${k.trim().toLowerCase()}=${String(v).trim()}`)
    .sort()
    .join('&');
}

/** The match's identity: equal for two spellings of one match, different otherwise. */
export function matchIdentity(match: Match): string {
  const normal = normalMatch(match);
  if (!normal.valid) return `as-written:${writtenText(match)}`;
  const parts = fieldEntries(normal)
    .map(([field, c]) => `${field}=${constraintText(c)}`)
    .sort();
  const { hard, idle } = canonicalMatch(match).timeouts;
  if (hard) parts.push(`~hard_timeout=${hard}`);
  if (idle) parts.push(`~idle_timeout=${idle}`);
  return parts.join('&');
}

/** A rule's identity on the device: priority and the match's identity. */
export function ruleIdentity(rule: { priority: number; match: Match }): string {
  return `${rule.priority}|${matchIdentity(rule.match)}`;
}

/** Same priority and a match of the same meaning. */
export function sameRuleIdentity(
  a: { priority: number; match: Match },
  b: { priority: number; match: Match },
): boolean {
  return ruleIdentity(a) === ruleIdentity(b);
}

const ALIASES: Record<string, string> = { strip_vlan: 'pop_vlan' };

/** A number in any base → decimal; anything else as it is. */
function numberText(text: string): string {
  const n = parseIntStrict(text);
  return n === null ? text.trim().toLowerCase() : String(n);
}

/** One action's normal form (an output list gives one entry per port). */
function normalAction(action: string): string[] {
  const written = outputForm(action.trim());
  const colon = written.indexOf(':');
  const rawName = (colon < 0 ? written : written.slice(0, colon)).trim().toLowerCase();
  const name = ALIASES[rawName] ?? rawName;
  if (colon < 0) return [name];
  const arg = written.slice(colon + 1).trim();
  if (name === 'output') {
    const ports = arg.split(',').map((p) => p.trim());
    if (ports.every((p) => parseIntStrict(p) !== null))
      return ports.map((p) => `output:${numberText(p)}`);
    return [`output:${arg.toLowerCase()}`];
  }
  if (name === 'set_field') {
    const arrow = arg.indexOf('->');
    if (arrow >= 0)
      return [
        `set_field:${numberText(arg.slice(0, arrow))}->${arg
          .slice(arrow + 2)
          .trim()
          .toLowerCase()}`,
      ];
  }
  return [`${name}:${numberText(arg)}`];
}

/** Actions in order, each in its normal form. */
export function normalActions(actions: readonly string[]): string[] {
  return splitActions(actions.join(',')).flatMap(normalAction);
}

/** The same actions in the same order, however spelled. */
export function sameActions(a: readonly string[], b: readonly string[]): boolean {
  const na = normalActions(a);
  const nb = normalActions(b);
  return na.length === nb.length && na.every((x, i) => x === nb[i]);
}
