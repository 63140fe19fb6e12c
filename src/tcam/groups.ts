/**
 * Groups and the rules that send to them (`group:N` actions). The device refuses to delete
 * a group while rules use it (DELETE /groups answers 409, see docs/simulator.md): the
 * console and `pbc groups rm` say so the same way and send nothing.
 */
import { type GroupType, parsePortList, type RuleKey } from '../model/index.js';
import { groupOf } from './actions.js';
import { outputPortsAsWarnings } from './check.js';
import { type RuleContext, validateActions } from './validate.js';

/** The largest group id the device takes. */
export const MAX_GROUP_ID = 0xffffff00;
/** A group has at most this many buckets. */
export const MAX_BUCKETS = 16;

/** A group as the checks see it: watch ports and actions as written ('' for no watch port). */
export interface CheckedGroup {
  type: GroupType;
  description: string;
  buckets: readonly { watch_port: string; actions: readonly string[] }[];
}

export interface GroupIssue {
  severity: 'error' | 'warning';
  message: string;
  /** The bucket (0-based) and the part of it, or the group's buckets list or description. */
  bucket?: number;
  part: 'watch' | 'actions' | 'buckets' | 'description';
}

/**
 * Every issue with a group's body — the group editor's checks (src/screens/groups/model.ts)
 * and a config file's groups (src/ops/desired/file.ts) both call this. The id is checked by
 * the caller (the editor reads it from text).
 */
export function groupIssues(group: CheckedGroup, ctx: RuleContext): GroupIssue[] {
  const issues: GroupIssue[] = [];
  const err = (part: GroupIssue['part'], message: string, bucket?: number) =>
    issues.push({ severity: 'error', message, part, ...(bucket === undefined ? {} : { bucket }) });
  if (group.buckets.length === 0) err('buckets', 'a group needs at least one bucket');
  if (group.buckets.length > MAX_BUCKETS)
    err('buckets', `a group has at most ${MAX_BUCKETS} buckets`);
  const ports = ctx.ports;
  for (const [i, b] of group.buckets.entries()) {
    const n = i + 1;
    const watch = b.watch_port.trim();
    if (watch !== '') {
      const list = parsePortList(watch);
      const port = list?.length === 1 ? list[0] : undefined;
      if (port === undefined)
        err('watch', `bucket ${n}: watch port must be one port number, got '${watch}'`, i);
      else if (ports && !ports.has(port))
        err('watch', `bucket ${n}: watch port ${watch} is not a port of this device`, i);
      else if (ports?.get(port)?.shutdown)
        issues.push({
          severity: 'warning',
          part: 'watch',
          bucket: i,
          message: `bucket ${n}: watch port ${watch} is shut down`,
        });
    } else if (group.type === 'ff')
      err('watch', `bucket ${n}: a fast-failover bucket needs a watch port`, i);
    if (b.actions.some((a) => a.trim().startsWith('group:')))
      err('actions', `bucket ${n}: a bucket cannot send to another group`, i);
    for (const i2 of outputPortsAsWarnings(validateActions(b.actions, ctx)))
      issues.push({
        severity: i2.severity,
        part: 'actions',
        bucket: i,
        message: `bucket ${n}: ${i2.message.replace('a rule needs', 'a bucket needs')}`,
      });
  }
  if (group.description.length > 1024)
    err('description', 'description is longer than 1024 characters');
  return issues;
}

/** The groups an action list sends to, each once, in order. */
export function groupsUsed(actions: readonly string[]): number[] {
  const out: number[] = [];
  for (const a of actions) {
    const id = groupOf(a);
    if (id !== null && !out.includes(id)) out.push(id);
  }
  return out;
}

/** The actions send to one of `ids` (`'any'`: to any group). */
export function usesGroups(actions: readonly string[], ids: ReadonlySet<number> | 'any'): boolean {
  return actions.some((a) => {
    const id = groupOf(a);
    return id !== null && (ids === 'any' || ids.has(id));
  });
}

/** The rules whose actions send to one of `ids`. */
export function rulesUsingGroups<R extends { actions: readonly string[] }>(
  rules: readonly R[],
  ids: ReadonlySet<number>,
): R[] {
  return rules.filter((r) => usesGroups(r.actions, ids));
}

/** Group id → the rules whose actions send to it. */
export function groupUsage<R extends { actions: readonly string[] }>(
  rules: readonly R[],
): Map<number, R[]> {
  const out = new Map<number, R[]>();
  for (const r of rules) {
    for (const id of groupsUsed(r.actions)) {
      const list = out.get(id);
      if (list) list.push(r);
      else out.set(id, [r]);
    }
  }
  return out;
}

/** Why the device refuses DELETE /groups for this group, or null when no rule uses it. */
export function groupDeleteRefusal(
  id: number,
  users: readonly (RuleKey & { name: string })[],
): string | null {
  const n = users.length;
  if (n === 0) return null;
  const names = users
    .slice(0, 3)
    .map((r) => `'${r.name || `(no name, priority ${r.priority})`}'`)
    .join(', ');
  return `the device refuses: group ${id} is used by ${n} ${n === 1 ? 'rule' : 'rules'} (${names}${n > 3 ? ` and ${n - 3} more` : ''}) — delete those rules first`;
}
