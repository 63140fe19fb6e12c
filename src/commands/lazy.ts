/**
 * Lazy command actions: each action imports its module (and run.ts) only when it runs, so
 * esbuild puts every command family in its own chunk.
 */
import type { Command } from 'commander';
import type { Handler } from './run.js';
import { declareSafety, type Safety } from './safety.js';

// biome-ignore lint/suspicious/noExplicitAny: modules are indexed by handler name
type Module = Record<string, any>;

const MODULES = {
  get: () => import('./get.js'),
  rules: () => import('./rules.js'),
  plan: () => import('./plan.js'),
  trace: () => import('./trace.js'),
  groups: () => import('./groups.js'),
  ports: () => import('./ports.js'),
  savepoints: () => import('./savepoints.js'),
  users: () => import('./users.js'),
  passwd: () => import('./passwd.js'),
  fleets: () => import('./fleets.js'),
  apps: () => import('./apps.js'),
  device: () => import('./device.js'),
  revert: () => import('./revert.js'),
  journal: () => import('./journal.js'),
  apply: () => import('./apply.js'),
  desired: () => import('./desired-file.js'),
  doctor: () => import('./doctor.js'),
  tools: () => import('./tools.js'),
  lock: () => import('./lock.js'),
} satisfies Record<string, () => Promise<Module>>;

function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/**
 * What execute.ts loads next (the revert guards' check, the client of a device), loaded
 * beside the command: one round of module loading, not three (~5 ms of `pbc get`).
 */
const preload = (safety: Safety): Promise<unknown>[] =>
  safety.kind === 'local' ? [] : [import('../guard/liveness.js'), import('../api/client.js')];

function act(mod: keyof typeof MODULES, fn: string, safety: Safety) {
  return async (...a: unknown[]) => {
    const cmd = a[a.length - 1] as Command;
    const positional = a.slice(0, -2);
    const [{ execute }, m] = await Promise.all([
      import('./execute.js'),
      MODULES[mod]() as Promise<Module>,
      ...preload(safety),
    ]);
    let what = commandPath(cmd);
    if (mod === 'get' && typeof positional[0] === 'string') what += ` ${positional[0]}`;
    await execute(what, cmd, m[fn] as Handler, positional, safety);
  };
}

/**
 * `cmd` runs handler `fn` of module `mod`; `safety` declares what it does to the device
 * (see safety.ts): every scripted command makes that decision where it is defined. Every
 * write takes `--revert-after` (commit confirmed: the recipe comes from the operations it sends, src/ops/revert/plans.ts) unless `revertable`
 * is false (`pbc confirm` itself).
 */
export function handle(
  cmd: Command,
  safety: Safety,
  mod: keyof typeof MODULES,
  fn: string,
  revertable = true,
): Command {
  if (revertable && isWrite(safety))
    cmd
      .option(
        '--revert-after <duration>',
        'revert the change after DURATION (30s, 5m, 1m30s) unless confirmed with pbc confirm',
      )
      .option(
        '--accept-partial-revert',
        'with --revert-after: send even when the account may not send all of the revert',
      )
      .option(
        '--guard [list]',
        'guarded change: watch the traffic (drops,oversub,quiet; default all) and revert at once if a guard trips',
      )
      .option(
        '--guard-for <duration>',
        'with --guard: how long the traffic is watched (default 5m)',
      )
      .option(
        '--guard-drop-floor <pps>',
        'with --guard: new tx drops a port must have to trip drops (default 1000pps)',
      )
      .option(
        '--guard-tx-fall <percent>',
        "with --guard: how far a watched port's tx may fall before quiet trips (default 50%)",
      );
  if (isWrite(safety) && !cmd.options.some((o) => o.long === '--force'))
    cmd.option(
      '--force',
      'send even when what the change touches changed on the device since it was planned (journaled as forced)',
    );
  return declareSafety(cmd, safety).action(act(mod, fn, safety));
}

const isWrite = (s: Safety) => s.kind === 'harmless' || s.kind === 'confirm';

export const collect = (v: string, prev: string[] = []) => [...prev, v];
