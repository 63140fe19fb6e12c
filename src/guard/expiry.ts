/**
 * What the guard sends at expiry for a watched change (watch.ts): the device is read again,
 * and an object the change changed is set back only while the device still holds what the
 * change left; one changed since (by another operator, or another pbc) is kept, with the
 * reason. When nothing at all changed since in the domains of the `pbc-revert-<id>`
 * save-point, activating it is the exact inverse and is sent instead of one request per
 * object. The save-point is deleted last, whatever was kept.
 */
import type { Client } from '../api/index.js';
import { type RecordedWrite, recorded } from '../ops/operation.js';
import { savepointOps } from '../ops/savepoints.js';
import { DOMAINS, type DomainName, domainOfWrite, SAVEPOINT_DOMAINS } from './domains.js';
import type { PendingRevert } from './pending.js';
import { type Change, digest, type Snapshot, sameValue, snapshot, type Watch } from './watch.js';

export interface Step {
  /** Sent as its kind (the pending file keeps each write with its operation's kind). */
  write: RecordedWrite;
  /** What it sets back, e.g. `rule 'D1' priority 500 in_port=5`; '' for bookkeeping. */
  label: string;
}

export interface Kept {
  label: string;
  why: string;
  /** The write that would have set it back (journaled as not sent). */
  write?: RecordedWrite;
}

export interface ExpiryPlan {
  steps: Step[];
  kept: Kept[];
}

const isSavepointStep = ({ request: r }: RecordedWrite, name: string) =>
  (r.path.startsWith('/savepoints/') && r.query?.name === name) || false;

const GROUP_WRITES = ['groups.add', 'groups.modify', 'groups.remove'];

/** Rules deleted first (they may use a group), then groups, then the rest. */
function rank(s: Step): number {
  if (s.write.kind === 'rules.remove') return 0;
  if (GROUP_WRITES.includes(s.write.kind)) return 1;
  return 2;
}

const short = (v: unknown) => {
  const t = JSON.stringify(v);
  return t.length > 120 ? `${t.slice(0, 120)}…` : t;
};

/** A group the change added, still used by a rule that stays: deleting it would delete that rule. */
function groupInUse(key: string, now: Snapshot, deleting: Set<string>): string | undefined {
  for (const [k, v] of Object.entries(now.rules ?? {})) {
    if (deleting.has(k)) continue;
    if ((v as { actions: string[] }).actions.includes(`group:${key}`)) return k;
  }
  return undefined;
}

export async function planExpiry(
  c: Client,
  entry: PendingRevert & { watch: Watch },
  changes: Change[],
): Promise<ExpiryPlan> {
  const now = await snapshot(c, entry.watch.domains);
  const sp = entry.savepoint;
  const steps: Step[] = entry.revert
    .filter((w) => !domainOfWrite(w) && !(sp && isSavepointStep(w, sp.name)))
    .map((write) => ({ write, label: `${write.request.method} ${write.request.path}` }));
  const kept: Kept[] = [];
  let handled: DomainName[] = [];
  if (sp) {
    const domains = SAVEPOINT_DOMAINS[sp.kind];
    const untouched = domains.every((d) => digest(now[d]) === entry.watch.afterDigest[d]);
    if (untouched && changes.some((ch) => domains.includes(ch.domain))) {
      steps.push({ write: recorded(savepointOps.activate(sp.kind, sp.name)), label: sp.name });
      handled = domains;
    } else if (untouched) handled = domains;
  }
  const own = changes.filter((ch) => !handled.includes(ch.domain));
  const deleting = new Set(
    own.filter((ch) => ch.domain === 'rules' && ch.before === null).map((ch) => ch.key),
  );
  for (const ch of own) {
    const d = DOMAINS[ch.domain];
    const cur = now[ch.domain]?.[ch.key] ?? null;
    const label = d.label(ch.key, ch.after ?? ch.before);
    const back = d.restore(ch.key, ch.before, cur);
    const write = back && recorded(back);
    if (!sameValue(cur, ch.after)) {
      if (ch.domain === 'rules' && ch.before === null) deleting.delete(ch.key);
      kept.push({
        label,
        why: `changed since the change: it left ${short(ch.after)}, the device now has ${short(cur)}`,
        ...(write ? { write } : {}),
      });
      continue;
    }
    if (ch.domain === 'groups' && ch.before === null) {
      const user = groupInUse(ch.key, now, deleting);
      if (user) {
        kept.push({
          label,
          why: `a rule added since uses it (${user})`,
          ...(write ? { write } : {}),
        });
        continue;
      }
    }
    if (write) steps.push({ write, label });
  }
  steps.sort((a, b) => rank(a) - rank(b));
  if (sp) steps.push({ write: recorded(savepointOps.remove(sp.kind, sp.name)), label: '' });
  return { steps, kept };
}
