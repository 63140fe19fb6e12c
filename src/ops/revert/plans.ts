/**
 * How a change is reverted (see recipe.ts), written once, per kind of operation: `revertPlanOf`
 * reads it from the operations a change sends (their kind and request) — for `R` in the
 * console's confirmations and for the CLI's `--revert-after` alike; `changeRevert` for a whole
 * plan (an undo has none; `pbc apply` brings its own).
 */

import type { ApiRequest, Client, SavePointKind } from '../../api/index.js';
import { deviceOps } from '../device.js';
import type { Operation } from '../operation.js';
import { savepointOps } from '../savepoints.js';
import { inverseOf } from '../undo.js';
import { userOps } from '../users.js';
import type { RevertPlan } from './recipe.js';

export const RULES: RevertPlan = { kind: 'savepoint', of: 'rules' };
export const PORTS: RevertPlan = { kind: 'savepoint', of: 'ports' };
export const none = (why: string): RevertPlan => ({ kind: 'none', why });
export const inverse = (
  capture: Extract<RevertPlan, { kind: 'requests' }>['capture'],
): RevertPlan => ({ kind: 'requests', capture });
export const fixed = (...ops: Operation[]) => inverse(async () => ops);

/** Why a kind of change has no auto-revert. */
export const NO_REVERT = {
  reboot: 'a reboot cannot be undone',
  logClear: 'a cleared log cannot be restored',
  counters: 'packet and byte counters cannot be set back',
  savepointRemoved: 'a deleted save-point cannot be recreated',
  quicksave: "the previous 'Quicksave' cannot be restored",
  override: 'an override overwrites the save-point, which cannot be set back',
  password: 'a password cannot be set back (the old one is never read)',
  login:
    "a user's name, level or RADIUS flag may change the login the guard reverts with (only a description change is reverted)",
  userRemoved: "a deleted user's password cannot be restored",
  uac: 'it changes how the device checks the credentials the guard would use',
  radius: 'a new RADIUS secret cannot be set back (the old one cannot be read)',
  appStart: 'the instance gets its process id only once started, so its stop cannot be prepared',
  appAction: "an app's action has no inverse",
  undo: 'an undo is itself undone with u (pbc undo)',
  importing: 'an import sends several requests (and puts the active rules back itself)',
  address: 'it moves the connection, so the guard could not reach the device to revert it',
} as const;

/**
 * The undo's inverse (src/ops/undo.ts) of `op`, computed from the state it touches read
 * now, before it is sent — sent at expiry. Arming fails (nothing sent) when there is none.
 */
export function undoBack(op: Operation): RevertPlan {
  return inverse(async (c) => {
    // the operation's own state reader (its kind's, src/ops/<family>.ts), as the journal reads it
    const before = op.read ? await op.read(c, 'before') : undefined;
    const back = inverseOf({
      id: '',
      time: '',
      device: '',
      user: '',
      operation: op.kind,
      request: op.request,
      before,
      result: null,
      ended: new Date().toISOString(),
    });
    if (!back.ok) throw new Error(back.why);
    // (an inverse that would send a secret has none: pending.json would keep it)
    return back.steps;
  });
}

/**
 * A user change: its description set back; a password is never read, and a name, level or
 * RADIUS change of the account the guard logs in with would lock the guard out.
 */
function userBack(op: Operation): RevertPlan {
  const p = params(op.request);
  if ('password' in p) return none(NO_REVERT.password);
  if (['new_username', 'access_level', 'radius'].some((k) => k in p)) return none(NO_REVERT.login);
  return undoBack(op);
}

/** A device setting: read now, sent back at expiry. */
export const SETTING_BACK = {
  name: inverse(async (c) => [deviceOps.setName(await c.device.name())]),
  ident: inverse(async (c) => {
    const i = await c.device.customIdent();
    return [deviceOps.setCustomIdent(i.name, i.notes)];
  }),
  dns: inverse(async (c) => [deviceOps.setNameResolution(...(await c.device.nameResolution()))]),
  idLed: inverse(async (c) => [deviceOps.setIdLed(await c.device.idLed())]),
  telnet: inverse(async (c) => [deviceOps.setTelnet(await c.device.telnet())]),
  storageMode: inverse(async (c) => [
    deviceOps.setRuleStorageMode((await c.device.ruleStorageMode()).modeNext),
  ]),
  permanentRules: inverse(async (c) => [
    deviceOps.setPermanentRulesMode(await c.device.permanentRulesMode()),
  ]),
  hash: inverse(async (c) => [deviceOps.setGroupHash(await c.device.groupHash())]),
} satisfies Record<string, RevertPlan>;

/** `savepoint default`: the boot save-point before it is set back. */
export const BOOT_BACK = inverse(async (c: Client) => {
  const boot = (await c.savepoints.list()).rules.find((sp) => sp.boot);
  if (!boot) throw new Error('the device names no boot save-point to go back to');
  return [savepointOps.setDefault(boot.name)];
});

/** A save-point renamed or described: its old name and description back. */
export function renameBack(
  kind: SavePointKind,
  name: string,
  o: { newName?: string | undefined; override?: boolean | undefined },
): RevertPlan {
  if (o.override) return none(NO_REVERT.override);
  return inverse(async (c) => {
    const list = await c.savepoints.list();
    const sp = (kind === 'rules' ? list.rules : list.ports).find((s) => s.name === name);
    if (!sp) throw new Error(`no ${kind === 'rules' ? 'rule' : 'port'} save-point '${name}'`);
    return [
      savepointOps.modify(kind, {
        old_name: o.newName ?? name,
        new_name: name,
        description: sp.description,
        override: false,
      }),
    ];
  });
}

const params = (r: ApiRequest): Record<string, unknown> =>
  (r.query ?? (typeof r.json === 'object' && r.json !== null ? r.json : {})) as Record<
    string,
    unknown
  >;
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
/** A save-point write's kind of save-point, from its operation's kind (`savepoints.createPorts` …). */
const savepointKind = (op: Operation): SavePointKind =>
  op.kind.endsWith('Ports') ? 'ports' : 'rules';
const controller = (r: ApiRequest) => {
  const q = params(r);
  return { connection: text(q.connection), ip: text(q.ip), port: text(q.port) };
};

type OpPlanner = (r: ApiRequest, op: Operation) => RevertPlan;

/** Every operation of src/ops/<family>.ts, by kind. */
const OPERATIONS: Record<string, OpPlanner> = {
  // a rule save-point taken first sets the rules and groups back (the device decides what a
  // group write deletes)
  'rules.add': () => RULES,
  'rules.modify': () => RULES,
  'rules.remove': () => RULES,
  'rules.removeAll': () => RULES,
  'rules.resetCounters': () => none(NO_REVERT.counters),
  'groups.add': () => RULES,
  'groups.modify': () => RULES,
  'groups.remove': () => RULES,
  'groups.removeAll': () => RULES,
  'ports.setConfig': () => PORTS,
  'savepoints.activate': (_r, op) => (savepointKind(op) === 'ports' ? PORTS : RULES),
  'savepoints.create': (r, op) =>
    fixed(savepointOps.remove(savepointKind(op), text(params(r).name))),
  'savepoints.setDefault': () => BOOT_BACK,
  'savepoints.modify': (r, op) => {
    const q = params(r);
    const renamed = text(q.new_name);
    return renameBack(savepointKind(op), text(q.old_name), {
      ...(renamed ? { newName: renamed } : {}),
      override: q.override === true || q.override === 'true',
    });
  },
  'savepoints.remove': () => none(NO_REVERT.savepointRemoved),
  'savepoints.quicksave': () => none(NO_REVERT.quicksave),
  'users.add': (r) => fixed(userOps.remove(text(params(r).username))),
  'users.modify': (_r, op) => userBack(op),
  'users.remove': () => none(NO_REVERT.userRemoved),
  'users.setUac': () => none(NO_REVERT.uac),
  'users.setRadius': (r, op) => ('secret' in params(r) ? none(NO_REVERT.radius) : undoBack(op)),
  'apps.start': () => none(NO_REVERT.appStart),
  // the description matters not: the inverse sends back the one the instance has
  'apps.modify': (_r, op) => undoBack(op),
  'apps.stop': (_r, op) => undoBack(op),
  'apps.action': () => none(NO_REVERT.appAction),
  'device.setName': () => SETTING_BACK.name,
  'device.setCustomIdent': () => SETTING_BACK.ident,
  'device.setNameResolution': () => SETTING_BACK.dns,
  'device.setIdLed': () => SETTING_BACK.idLed,
  'device.setTelnet': () => SETTING_BACK.telnet,
  'device.setRuleStorageMode': () => SETTING_BACK.storageMode,
  'device.setPermanentRulesMode': () => SETTING_BACK.permanentRules,
  'device.setGroupHash': () => SETTING_BACK.hash,
  'device.setHttps': () => none(NO_REVERT.address),
  'device.setIpConfig': () => none(NO_REVERT.address),
  'device.addController': (r) => fixed(deviceOps.removeController(controller(r))),
  'device.removeController': (r) => fixed(deviceOps.addController(controller(r))),
  'device.reboot': () => none(NO_REVERT.reboot),
  'logs.clear': () => none(NO_REVERT.logClear),
};

/**
 * How the operation(s) are reverted: one operation by its kind; several when each is set
 * back by the same save-point (the rule writes of `pbc tools apply`), else none.
 */
/** A port save-point's kinds (`savepoints.createPorts` …) share the rule save-point's planner. */
const plannerOf = (kind: string): OpPlanner | undefined =>
  OPERATIONS[kind] ?? OPERATIONS[kind.replace(/Ports$/, '')];

export function revertPlanOf(...ops: Operation[]): RevertPlan {
  const plans = ops.map(
    (op) => plannerOf(op.kind)?.(op.request, op) ?? none(`no revert is known for ${op.kind}`),
  );
  const [first] = plans;
  if (!first) return none('it sends nothing');
  if (plans.length === 1) return first;
  const same = plans.every(
    (p) => p.kind === 'savepoint' && first.kind === 'savepoint' && p.of === first.of,
  );
  return same ? first : none('it sends several requests');
}

/** How a whole change is reverted: its own plan (`pbc apply`), none for an undo, else its operations'. */
export function changeRevert(plan: {
  steps: readonly Operation[];
  undoOf?: string;
  revert?: RevertPlan;
}): RevertPlan {
  if (plan.revert) return plan.revert;
  const why = planNoRevert(plan);
  return why ? none(why) : revertPlanOf(...plan.steps);
}

/**
 * Why a rule or group change (a plan of the Rules, Groups or Journal screen, which takes a
 * rule save-point) has no auto-revert: an undo, or reset counters; undefined when it has one.
 */
export function planNoRevert(plan: { steps: readonly Operation[]; undoOf?: string }) {
  if (plan.undoOf) return NO_REVERT.undo;
  if (plan.steps.some((s) => s.kind === 'rules.resetCounters')) return NO_REVERT.counters;
  return undefined;
}
