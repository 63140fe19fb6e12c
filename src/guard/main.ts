/** The revert guard process's entry: input from stdin, SIGHUP ignored, exit code 0/1. */
import { type GuardInput, readStdin, runGuard } from './guard.js';

export async function guardMain(id: string): Promise<number> {
  process.on('SIGHUP', () => {});
  let input: GuardInput;
  try {
    input = JSON.parse(await readStdin()) as GuardInput;
    if (!input?.options?.url) throw new Error('no device');
  } catch {
    return 2; // not started by pbc: nothing to guard
  }
  // Test injection points (never set in production): the retry pause and the give-up bound.
  const giveUp = Number(process.env.PBC_REVERT_GIVE_UP_MS);
  const retry = Number(process.env.PBC_REVERT_RETRY_MS);
  const state = await runGuard(id, input, {
    timing: {
      ...(giveUp > 0 ? { giveUpMs: giveUp } : {}),
      ...(retry > 0 ? { retryMs: retry } : {}),
    },
  });
  return state === 'failed' ? 1 : 0;
}
