/**
 * The entry of every scripted command: one device (a Runner) or, with --fleet, each device
 * of the fleet (fleet-run.ts). Its own file so that fleet-run.ts, which builds on Runner,
 * and run.ts do not import each other.
 */
import type { Command } from 'commander';
import { sanitize } from '../model/sanitize.js';
import type { GlobalOptions } from './context.js';
import { exitCodeOf, formatError, formatStack, QuietFailure } from './errors.js';
import { exitWhenWritten } from './exit.js';
import { type Handler, Runner } from './run.js';
import type { Safety } from './safety.js';

/** Commands that say nothing about stopped revert guards: pending lists them itself. */
const QUIET_ABOUT_GUARDS = new Set(['pending', 'completion']);

/** Every command warns about an armed revert whose guard is not running (see liveness.ts). */
async function warnAboutGuards(runner: Runner): Promise<void> {
  const { orphans, orphanWarning } = await import('../guard/liveness.js');
  const { PendingFileError } = await import('../guard/pending.js');
  try {
    for (const r of orphans()) runner.warn(orphanWarning(r));
  } catch (e) {
    // a corrupt file is said; a state directory that cannot be read is the journal's to say
    if (e instanceof PendingFileError) runner.warn(e.message);
  }
}

/**
 * Runs `handler` and exits with its code (0 unless it returns one, or what failed), once
 * all its output is written.
 */
export async function execute(
  what: string,
  cmd: Command,
  handler: Handler,
  args: unknown[],
  safety: Safety,
): Promise<never> {
  const g = cmd.optsWithGlobals() as GlobalOptions;
  if (g.fleet !== undefined) {
    const { executeFleet } = await import('./fleet-run.js');
    return exitWhenWritten(await executeFleet(what, cmd, handler, args, safety));
  }
  let code = 0;
  let runner: Runner | undefined;
  let failure: unknown;
  try {
    runner = new Runner(what, g, safety);
    if (!QUIET_ABOUT_GUARDS.has(what)) await warnAboutGuards(runner);
    const o = cmd.opts();
    runner.force = o.force === true;
    if (
      [o.revertAfter, o.guard, o.guardFor, o.guardDropFloor, o.guardTxFall].some(
        (v) => v !== undefined,
      )
    ) {
      const { revertSpec } = await import('./revert-run.js');
      runner.revert = revertSpec(what, cmd.opts(), args);
    }
    const r = await handler(runner, cmd.opts(), ...args);
    if (typeof r === 'number') code = r;
  } catch (err) {
    failure = err;
    code = exitCodeOf(err);
    if (!(err instanceof QuietFailure)) process.stderr.write(`${formatError(err, what)}\n`);
    if (g.debug && err instanceof Error && err.stack)
      process.stderr.write(`${formatStack(err.stack)}\n`);
  } finally {
    if (runner?.armed && runner.revert) {
      const { settle } = await import('./revert-run.js');
      const line = await settle(runner.armed, runner.revert, failure).catch(
        (e: Error) => `auto-revert ${runner?.armed?.id}: ${e.message}`,
      );
      process.stderr.write(`pbc: ${sanitize(line)}\n`);
    }
    await runner?.close();
  }
  return exitWhenWritten(code);
}
