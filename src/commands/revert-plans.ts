/**
 * How each write command is reverted by `--revert-after` (see src/ops/revert/recipe.ts):
 * a save-point taken before the change, the requests that set back its before state, or a
 * refusal saying why there is no inverse. Keyed by the command's path; a test walks the
 * command tree and fails on a write command missing here.
 */
import {
  appModifyRequest,
  appStopRequest,
  deleteSavePointRequest,
  deviceRequests,
  modifyUserRequest,
  type RadiusSettings,
  radiusRequest,
  removeUserRequest,
} from '../api/index.js';
import { desiredRevertPlan } from '../ops/desired/revert.js';
import {
  BOOT_BACK,
  fixed,
  NO_REVERT,
  none,
  PORTS,
  RULES,
  renameBack,
  SETTING_BACK,
  undoBack,
  userBack,
} from '../ops/revert/plans.js';
import type { RevertPlan } from '../ops/revert/recipe.js';
import { parseParams, pidOf } from './args.js';
import { radiusSettingsOf, setsRadiusSecret, userChangesOf } from './user-changes.js';

// biome-ignore lint/suspicious/noExplicitAny: commander hands options and arguments untyped
type Planner = (o: any, args: any[]) => RevertPlan;

const PLANS: Record<string, Planner> = {
  'rules add': () => RULES,
  'rules set': () => RULES,
  'rules rm': () => RULES,
  'rules rm-all': () => RULES,
  'rules reset-counters': () => none(NO_REVERT.counters),
  'groups add': () => RULES,
  'groups set': () => RULES,
  'groups rm': () => RULES,
  'groups rm-all': () => RULES,
  'ports set': () => PORTS,
  'savepoint activate': () => RULES,
  'savepoint activate-ports': () => PORTS,
  'savepoint create': (_o, [name]) => fixed(deleteSavePointRequest('rules', name)),
  'savepoint create-ports': (_o, [name]) => fixed(deleteSavePointRequest('ports', name)),
  'savepoint default': () => BOOT_BACK,
  'savepoint modify': (o, [name]) => renameBack('rules', name, o),
  'savepoint modify-ports': (o, [name]) => renameBack('ports', name, o),
  'savepoint rm': () => none(NO_REVERT.savepointRemoved),
  'savepoint rm-ports': () => none(NO_REVERT.savepointRemoved),
  'savepoint quicksave': () => none(NO_REVERT.quicksave),
  'users add': (_o, [name]) => fixed(removeUserRequest(name)),
  'users set': (o, [name]) => {
    const { changes, wantsPassword } = userChangesOf(o, name);
    return wantsPassword ? none(NO_REVERT.password) : userBack(modifyUserRequest(changes));
  },
  'users passwd': () => none(NO_REVERT.password),
  'users rm': () => none(NO_REVERT.userRemoved),
  uac: () => none(NO_REVERT.uac),
  'radius set': (o) =>
    setsRadiusSecret(o)
      ? none(NO_REVERT.radius)
      : undoBack(radiusRequest(radiusSettingsOf(o) as RadiusSettings)),
  'apps start': () => none(NO_REVERT.appStart),
  // the description matters not: the inverse sends back the one the instance has
  'apps set': (o, [pid]) =>
    undoBack(appModifyRequest(pidOf(pid), o.description ?? '', parseParams(o.param))),
  'apps stop': (_o, [pid]) => undoBack(appStopRequest(pidOf(pid))),
  'apps action': () => none(NO_REVERT.appAction),
  'device name': () => SETTING_BACK.name,
  'device ident': () => SETTING_BACK.ident,
  'device ip': () => none(NO_REVERT.address),
  'device https': () => none(NO_REVERT.address),
  'device dns': () => SETTING_BACK.dns,
  'device idled': () => SETTING_BACK.idLed,
  'device telnet': () => SETTING_BACK.telnet,
  'device storage-mode': () => SETTING_BACK.storageMode,
  'device permanent-rules': () => SETTING_BACK.permanentRules,
  'device hash': () => SETTING_BACK.hash,
  'device controller add': (o) => fixed(deviceRequests.removeController(controller(o))),
  'device controller rm': (o) => fixed(deviceRequests.addController(controller(o))),
  'device reboot': () => none(NO_REVERT.reboot),
  'log clear': () => none(NO_REVERT.logClear),
  undo: () => none('an undo is itself undone with pbc undo'),
  // tools apply writes only rules (the band): the rule save-point sets them back
  'tools apply': () => RULES,
  apply: (o) =>
    desiredRevertPlan(async () =>
      (await import('./desired-load.js')).loadDesiredFile(o.file, o.maxFileSize),
    ),
};

function controller(o: { ip?: string; port?: string; connection?: string }) {
  return {
    ip: o.ip ?? '',
    port: String(o.port ?? ''),
    connection: (o.connection ?? 'tcp').toLowerCase(),
  };
}

/** The plan of command `path`, or undefined for a command that does not write. */
export function revertPlan(path: string, o: unknown, args: unknown[]): RevertPlan | undefined {
  return PLANS[path]?.(o, args);
}

export const PLANNED_COMMANDS = Object.keys(PLANS);
