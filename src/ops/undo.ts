/**
 * Undo: the inverse of a journal entry (by its operation kind; the kind's state reader in its
 * family's kind table, tables.ts), computed from the state it recorded before the
 * change (add ↔ delete, set ↔ set back, a save-point activation ↔ the rules and groups as
 * they were), as ordinary operations — shown and confirmed like any other change, and sent
 * through the same journaled client. Where no inverse exists (a reboot, a cleared log, a
 * password change, a deleted save-point's content) it says so instead of guessing.
 */
import { type Client, hasSecret } from '../api/index.js';
import {
  type Controller,
  type GroupHash,
  type GroupType,
  PORT_SETTING_FIELDS,
  type StorageMode,
} from '../model/index.js';
import { appOps } from './apps.js';
import { deviceOps } from './device.js';
import type { Plan } from './execute.js';
import { groupOps } from './groups.js';
import type { JournalEntry } from './journal-file.js';
import { journalJson } from './journal-file.js';
import type { Operation } from './operation.js';
import { portOps } from './ports.js';
import { type RuleState, ruleOps } from './rules.js';
import { savepointOps } from './savepoints.js';
import { kindSpec } from './tables.js';
import { userOps } from './users.js';

export type Inverse =
  | { ok: true; steps: Operation[]; notes: string[] }
  | { ok: false; why: string };

// biome-ignore lint/suspicious/noExplicitAny: journal states are JSON read back from the file
type Json = any;

const none = (why: string): Inverse => ({ ok: false, why });
const steps = (ops: Operation[], ...notes: string[]): Inverse =>
  ops.length === 0 ? none('there is nothing to put back') : { ok: true, steps: ops, notes };

const ruleInput = (r: RuleState) => ({
  priority: r.priority,
  match: { ...r.match },
  actions: [...r.actions],
  name: r.name,
  description: r.description,
  cookie: r.cookie,
});

const groupInput = (g: Json) => ({
  group_id: Number(g.group_id),
  type: g.type as GroupType,
  ...(g.description ? { description: String(g.description) } : {}),
  buckets: (g.buckets ?? []).map((b: Json) => ({
    watch_port: String(b.watch_port ?? ''),
    actions: Array.isArray(b.actions) ? b.actions.map(String) : String(b.actions).split(','),
  })),
});

const q = (e: JournalEntry): Json => e.request.query ?? e.request.json ?? {};

const PORT_FIELDS = PORT_SETTING_FIELDS;

/** The settings of `was` for the fields `changed` names (xg_speed: the setting it had next). */
function portBack(was: Json, changed: Json): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of PORT_FIELDS) {
    if (!(f in changed) || was[f] === undefined) continue;
    out[f] = f === 'xg_speed' ? (was.xg_speed?.nextSetting ?? was.xg_speed?.currSetting) : was[f];
  }
  return out;
}

const SECRET_NOTE = 'pbc never keeps passwords or secrets, so it cannot send the old one back';

/**
 * The inverse of a change that ended in success; why there is none otherwise. An inverse
 * that would send a password-like field has none: the journal keeps such values as `***`
 * (pbc keeps no secret), so it would send `***` to the device as the value.
 */
export function inverseOf(e: JournalEntry): Inverse {
  const back = inverseFrom(e);
  if (back.ok && back.steps.some((s) => hasSecret(s.request.query) || hasSecret(s.request.json)))
    return none(`setting it back would send a secret (a password-like value): ${SECRET_NOTE}`);
  return back;
}

function inverseFrom(e: JournalEntry): Inverse {
  if (e.ended === undefined) return none('the change never ended (its answer is not recorded)');
  if (e.error !== undefined) return none(`the change failed (${e.error}): nothing to undo`);
  const b: Json = e.before;
  if (b === undefined && kindSpec(e.operation)?.read)
    return none(
      `the state before the change could not be read${e.beforeError ? ` (${e.beforeError})` : ''}`,
    );
  const p = q(e);
  switch (e.operation) {
    case 'rules.add':
      return (b as RuleState[]).length > 0
        ? steps((b as RuleState[]).map((r) => ruleOps.modify(ruleInput(r))))
        : steps(
            ((e.after ?? []) as RuleState[]).map((r) =>
              ruleOps.remove({ priority: r.priority, match: r.match }),
            ),
          );
    case 'rules.modify':
      return steps((b as RuleState[]).map((r) => ruleOps.modify(ruleInput(r))));
    case 'rules.remove':
    case 'rules.removeAll':
      return steps((b as RuleState[]).map((r) => ruleOps.add(ruleInput(r))));
    case 'rules.resetCounters':
      return none('reset counters cannot be put back');
    case 'groups.add': {
      const existed = new Set((b.groups as Json[]).map((g) => Number(g.group_id)));
      const ids = Object.keys(p).map(Number);
      return steps(
        [
          ...ids.filter((id) => !existed.has(id)).map((id) => groupOps.remove(id)),
          ...(b.groups.length > 0 ? [groupOps.add(b.groups.map(groupInput))] : []),
          ...(b.rules as RuleState[]).map((r) => ruleOps.add(ruleInput(r))),
        ],
        ...(b.rules.length > 0
          ? [`the ${b.rules.length} rules the device deleted with the group are added again`]
          : []),
      );
    }
    case 'groups.modify':
      return steps(b.groups.length > 0 ? [groupOps.modify(b.groups.map(groupInput))] : []);
    case 'groups.remove':
    case 'groups.removeAll':
      return steps([
        ...(b.groups.length > 0 ? [groupOps.add(b.groups.map(groupInput))] : []),
        ...(b.rules as RuleState[]).map((r) => ruleOps.add(ruleInput(r))),
      ]);
    case 'ports.setConfig':
      if (b === null) return none(`port ${p.if_name} was not listed before the change`);
      return steps([portOps.setConfig(String(p.if_name), portBack(b, p))]);
    case 'savepoints.activate':
      return steps(
        [
          ruleOps.removeAll(),
          groupOps.removeAll(),
          ...(b.groups.length > 0 ? [groupOps.add(b.groups.map(groupInput))] : []),
          ...(b.rules as RuleState[]).map((r) => ruleOps.add(ruleInput(r))),
        ],
        `the active rules and groups are replaced by the ${b.rules.length} rules and ${b.groups.length} groups active before '${p.name}' was activated`,
      );
    case 'savepoints.activatePorts': {
      const after = new Map(((e.after ?? []) as Json[]).map((c) => [c.if_name, c]));
      return steps(
        (b as Json[])
          .filter((c) => journalJson(after.get(c.if_name)) !== journalJson(c))
          .map((c) =>
            portOps.setConfig(
              c.if_name,
              portBack(c, Object.fromEntries(PORT_FIELDS.map((f) => [f, true]))),
            ),
          ),
      );
    }
    case 'savepoints.setDefault':
      return b.boot === null
        ? none('no rule save-point loaded at boot before; the device cannot unset it')
        : steps([savepointOps.setDefault(b.boot)]);
    case 'savepoints.modify':
    case 'savepoints.modifyPorts': {
      const kind = e.operation === 'savepoints.modify' ? 'rules' : 'ports';
      if (p.override !== false)
        return none(`the save-point's content was overwritten (override); the old one is not kept`);
      if (b === null) return none(`save-point '${p.old_name}' did not exist before`);
      return steps([
        savepointOps.modify(kind, {
          old_name: String(p.new_name || p.old_name),
          new_name: b.name,
          description: b.description,
          override: false,
        }),
      ]);
    }
    case 'savepoints.create':
    case 'savepoints.createPorts':
      if (b !== null) return none(`save-point '${p.name}' existed before and was replaced`);
      return steps([
        savepointOps.remove(
          e.operation === 'savepoints.create' ? 'rules' : 'ports',
          String(p.name),
        ),
      ]);
    case 'savepoints.remove':
    case 'savepoints.removePorts':
      return none(
        "a deleted save-point's content cannot be put back (pbc savepoint export keeps a copy)",
      );
    case 'savepoints.quicksave':
      return none("the old 'Quicksave' content is not kept");
    case 'users.add':
      return steps([userOps.remove(String(p.username))]);
    case 'users.modify':
      if ('password' in p) return none(`a password change cannot be undone: ${SECRET_NOTE}`);
      if (b === null) return none(`user '${p.username}' did not exist before`);
      return steps([
        userOps.modify({
          username: String(p.new_username ?? p.username),
          ...(p.new_username !== undefined ? { new_username: b.username } : {}),
          description: b.description,
          access_level: b.accesslevel,
          ...(b.radius !== undefined ? { radius: b.radius } : {}),
        }),
      ]);
    case 'users.remove':
      return none(`a deleted user's password cannot be put back: ${SECRET_NOTE}`);
    case 'users.setUac':
      return steps([userOps.setUac(Boolean(b.state))]);
    case 'users.setRadius':
      if ('secret' in p) return none(`the RADIUS secret was changed: ${SECRET_NOTE}`);
      return steps([
        userOps.setRadius({
          server: b.server,
          port: b.port,
          radius_login_level: b.radius_login_level,
          refresh_rate: b.refresh_rate,
        } as Parameters<typeof userOps.setRadius>[0]),
      ]);
    case 'apps.start': {
      const had = new Set((b as Json[]).map((a) => a.pid));
      return steps(
        ((e.after ?? []) as Json[]).filter((a) => !had.has(a.pid)).map((a) => appOps.stop(a.pid)),
      );
    }
    case 'apps.modify': {
      if (b === null) return none(`app instance ${p.pid} was not running before`);
      const params: Record<string, string> = {};
      for (const k of Object.keys(p))
        if (!['pid', 'user_description'].includes(k) && b.params?.[k] !== undefined)
          params[k] = String(b.params[k]);
      return steps([appOps.modify(b.pid, b.user_description, params)]);
    }
    case 'apps.stop':
      if (b === null) return none(`app instance ${p.pid} was not running before`);
      return steps(
        [appOps.start(b.name, b.user_description, b.params ?? {})],
        'the app starts again under a new PID',
      );
    case 'apps.action':
      return none("an app's action cannot be taken back");
    case 'device.setName':
      return steps([deviceOps.setName(b.name)]);
    case 'device.setCustomIdent':
      return steps([deviceOps.setCustomIdent(b.name, b.notes)]);
    case 'device.setNameResolution':
      return steps([deviceOps.setNameResolution(b.dns[0] ?? '', b.dns[1] ?? '', b.dns[2] ?? '')]);
    case 'device.setIdLed':
      return steps([deviceOps.setIdLed(Boolean(b.activated))]);
    case 'device.setTelnet':
      return steps([deviceOps.setTelnet(Boolean(b.activated))]);
    case 'device.setHttps':
      return none(`HTTPS was switched with the certificate password: ${SECRET_NOTE}`);
    case 'device.setIpConfig':
      return steps(
        [deviceOps.setIpConfig(b.current_ip, b.current_netmask, b.current_gateway)],
        `the management address moves back to ${b.current_ip}`,
      );
    case 'device.setRuleStorageMode':
      return steps([deviceOps.setRuleStorageMode(b.modeCurrent as StorageMode)]);
    case 'device.setPermanentRulesMode':
      return steps([deviceOps.setPermanentRulesMode(Boolean(b.state))]);
    case 'device.setGroupHash':
      return steps([deviceOps.setGroupHash(b as GroupHash)]);
    case 'device.addController':
      return steps([deviceOps.removeController(controllerOf(p))]);
    case 'device.removeController':
      return steps([deviceOps.addController(controllerOf(p))]);
    case 'device.reboot':
      return none('a reboot cannot be undone');
    case 'logs.clear':
      return none('a cleared log cannot be put back');
    default:
      return none(`pbc does not know how to undo ${e.operation}`);
  }
}

const controllerOf = (p: Json): Controller => ({
  connection: String(p.connection ?? 'tcp'),
  ip: String(p.ip),
  port: String(p.port),
});

/**
 * Whether the device still holds what the change left (its state after, as recorded): a
 * description of the difference when someone changed it since, null when it is the same,
 * or a note when it cannot tell.
 */
export async function driftSince(client: Client, e: JournalEntry): Promise<string | null> {
  const read = kindSpec(e.operation)?.read;
  if (!read || e.after === undefined) return null;
  let now: unknown;
  try {
    now = await read(client, e.request, 'after');
  } catch (err) {
    return `the current state could not be read (${(err as Error).message})`;
  }
  const was = journalJson(e.after);
  const is = journalJson(now);
  if (was === is) return null;
  return `the device has changed since this change: it left ${short(was)}, the device now has ${short(is)}`;
}

const short = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…` : s);

/**
 * The undo of `e` as a plan for the console's confirmation: the inverse's requests, its notes,
 * and — when the device has changed since — a warning and the word `undo` to type.
 */
export async function undoPlan(
  client: Client,
  e: JournalEntry,
): Promise<{ ok: true; plan: Plan } | { ok: false; why: string }> {
  const inverse = inverseOf(e);
  if (!inverse.ok) return inverse;
  const drift = await driftSince(client, e);
  return {
    ok: true,
    plan: {
      title: `undo ${e.id} (${e.operation})`,
      steps: inverse.steps,
      notes: [
        `undoes ${e.operation} of ${e.time}`,
        ...inverse.notes,
        ...(drift ? [`WARNING: ${drift}; undoing overwrites that`] : []),
      ],
      confirmWord: drift ? 'undo' : '',
      undoOf: e.id,
    },
  };
}

/**
 * The auto-revert's own bookkeeping: taking or deleting its `pbc-revert-<id>` save-point. It is
 * journaled like every write, but it is not what the operator changed: "undo my latest change"
 * passes over it (the save-point's activation at expiry, the revert itself, is a change).
 */
export function isRevertBookkeeping(e: JournalEntry): boolean {
  return (
    (e.operation === 'savepoints.create' || e.operation === 'savepoints.remove') &&
    JSON.stringify(e.request ?? null).includes('"pbc-revert-')
  );
}

/**
 * The latest change that succeeded, is not an undo, has not been undone and is not the
 * auto-revert's bookkeeping (newest first).
 */
export function latestUndoable(entries: readonly JournalEntry[]): JournalEntry | undefined {
  const undone = new Set(entries.filter((x) => x.undoOf && !x.error).map((x) => x.undoOf));
  return entries.find(
    (x) =>
      !x.undoOf &&
      x.error === undefined &&
      x.ended !== undefined &&
      !undone.has(x.id) &&
      !isRevertBookkeeping(x),
  );
}

/**
 * Whether `u` now undoes a change made since the journal held `before` (its entry ids then):
 * the latest undoable entry is a new one and has an inverse (not a reboot, a cleared log, a
 * password). The status line offers `u undo` only then.
 */
export function undoableSince(
  entries: readonly JournalEntry[],
  before: ReadonlySet<string>,
): boolean {
  const e = latestUndoable(entries);
  return e !== undefined && !before.has(e.id) && inverseOf(e).ok;
}
