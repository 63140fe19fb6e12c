/**
 * How each write command is reverted by `--revert-after` (see src/ops/revert/recipe.ts):
 * a save-point taken before the change, the requests that set back its before state, or a
 * refusal saying why there is no inverse. Keyed by the command's path; a test walks the
 * command tree and fails on a write command missing here.
 */
import {
  type ApiRequest,
  defaultRulesRequest,
  deleteSavePointRequest,
  deviceRequests,
  modifySavePointRequest,
  removeUserRequest,
} from '../api/index.js';
import { desiredRevertPlan } from '../ops/desired/revert.js';
import type { RevertPlan } from '../ops/revert/recipe.js';

const RULES: RevertPlan = { kind: 'savepoint', of: 'rules' };
const PORTS: RevertPlan = { kind: 'savepoint', of: 'ports' };
const none = (why: string): RevertPlan => ({ kind: 'none', why });
const inverse = (capture: Extract<RevertPlan, { kind: 'requests' }>['capture']): RevertPlan => ({
  kind: 'requests',
  capture,
});
const fixed = (...requests: ApiRequest[]) => inverse(async () => requests);

// biome-ignore lint/suspicious/noExplicitAny: commander hands options and arguments untyped
type Planner = (o: any, args: any[]) => RevertPlan;

const ADDRESS = 'it moves the connection, so the guard could not reach the device to revert it';
const PLANS: Record<string, Planner> = {
  'rules add': () => RULES,
  'rules set': () => RULES,
  'rules rm': () => RULES,
  'rules rm-all': () => RULES,
  'rules reset-counters': () => none('packet and byte counters cannot be set back'),
  'groups add': () => RULES,
  'groups set': () => RULES,
  'groups rm': () => RULES,
  'groups rm-all': () => RULES,
  'ports set': () => PORTS,
  'savepoint activate': () => RULES,
  'savepoint activate-ports': () => PORTS,
  'savepoint create': (_o, [name]) => fixed(deleteSavePointRequest('rules', name)),
  'savepoint create-ports': (_o, [name]) => fixed(deleteSavePointRequest('ports', name)),
  'savepoint default': () =>
    inverse(async (c) => {
      const boot = (await c.savepoints.list()).rules.find((sp) => sp.boot);
      if (!boot) throw new Error('the device names no boot save-point to go back to');
      return [defaultRulesRequest(boot.name)];
    }),
  'savepoint modify': (o, [name]) => renameBack('rules', o, name),
  'savepoint modify-ports': (o, [name]) => renameBack('ports', o, name),
  'savepoint rm': () => none('a deleted save-point cannot be recreated'),
  'savepoint rm-ports': () => none('a deleted save-point cannot be recreated'),
  'savepoint quicksave': () => none("the previous 'Quicksave' cannot be restored"),
  'users add': (_o, [name]) => fixed(removeUserRequest(name)),
  'users set': () => none('a user change may change a password, which cannot be set back'),
  'users passwd': () => none('a password cannot be set back (the old one is never read)'),
  'users rm': () => none("a deleted user's password cannot be restored"),
  uac: () => none('it changes how the device checks the credentials the guard would use'),
  'radius set': () => none('the RADIUS secret cannot be read back'),
  'apps start': () => none('the instance gets its process id only once started'),
  'apps set': () => none('the parameters an instance had are not readable'),
  'apps stop': () => none('a stopped instance cannot be restarted as it was'),
  'apps action': () => none("an app's action has no inverse"),
  'device name': () => inverse(async (c) => [deviceRequests.name(await c.device.name())]),
  'device ident': () =>
    inverse(async (c) => {
      const i = await c.device.customIdent();
      return [deviceRequests.customIdent(i.name, i.notes)];
    }),
  'device ip': () => none(ADDRESS),
  'device https': () => none(ADDRESS),
  'device dns': () =>
    inverse(async (c) => [deviceRequests.nameResolution(...(await c.device.nameResolution()))]),
  'device idled': () => inverse(async (c) => [deviceRequests.idLed(await c.device.idLed())]),
  'device telnet': () => inverse(async (c) => [deviceRequests.telnet(await c.device.telnet())]),
  'device storage-mode': () =>
    inverse(async (c) => [
      deviceRequests.ruleStorageMode((await c.device.ruleStorageMode()).modeNext),
    ]),
  'device permanent-rules': () =>
    inverse(async (c) => [deviceRequests.permanentRulesMode(await c.device.permanentRulesMode())]),
  'device hash': () => inverse(async (c) => [deviceRequests.groupHash(await c.device.groupHash())]),
  'device controller add': (o) => fixed(deviceRequests.removeController(controller(o))),
  'device controller rm': (o) => fixed(deviceRequests.addController(controller(o))),
  'device reboot': () => none('a reboot cannot be undone'),
  'log clear': () => none('a cleared log cannot be restored'),
  undo: () => none('an undo is itself undone with pbc undo'),
  apply: (o) =>
    desiredRevertPlan(async () => (await import('./desired-load.js')).loadDesiredFile(o.file)),
};

function controller(o: { ip?: string; port?: string; connection?: string }) {
  return {
    ip: o.ip ?? '',
    port: String(o.port ?? ''),
    connection: (o.connection ?? 'tcp').toLowerCase(),
  };
}

function renameBack(
  kind: 'rules' | 'ports',
  o: { newName?: string; description?: string; override?: boolean },
  name: string,
): RevertPlan {
  if (o.override) return none('--override overwrites the save-point, which cannot be set back');
  return inverse(async (c) => {
    const list = await c.savepoints.list();
    const sp = (kind === 'rules' ? list.rules : list.ports).find((s) => s.name === name);
    if (!sp) throw new Error(`no ${kind === 'rules' ? 'rule' : 'port'} save-point '${name}'`);
    return [
      modifySavePointRequest(kind, {
        old_name: o.newName ?? name,
        new_name: name,
        description: sp.description,
        override: false,
      }),
    ];
  });
}

/** The plan of command `path`, or undefined for a command that does not write. */
export function revertPlan(path: string, o: unknown, args: unknown[]): RevertPlan | undefined {
  return PLANS[path]?.(o, args);
}

export const PLANNED_COMMANDS = Object.keys(PLANS);
