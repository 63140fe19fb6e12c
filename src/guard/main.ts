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
  const giveUp = Number(process.env.PBC_REVERT_GIVE_UP_MS);
  const state = await runGuard(id, input, {
    ...(giveUp > 0 ? { timing: { giveUpMs: giveUp } } : {}),
  });
  return state === 'failed' ? 1 : 0;
}
