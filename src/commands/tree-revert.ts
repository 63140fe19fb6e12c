/** `pbc confirm`, `pbc pending` and the hidden `pbc revert-guard` (see revert.ts). */
import type { Command } from 'commander';
import { handle } from './lazy.js';
import { declareSafety, HARMLESS, LOCAL } from './safety.js';

export function defineRevert(program: Command): void {
  handle(
    program
      .command('confirm')
      .argument('[id]', 'the pending auto-revert (default: every one of the selected device)')
      .description('keep a change sent with --revert-after (deletes its pbc-revert save-point)'),
    HARMLESS,
    'revert',
    'confirm',
    false,
  );
  handle(
    program
      .command('pending')
      .option('--all', 'include the confirmed and reverted ones')
      .option(
        '--resume [id]',
        "start a new guard for each waiting revert whose guard is not running (or for ID), with the selected device's credentials",
      )
      .description('list the auto-reverts waiting (and failed ones) from the state directory'),
    LOCAL,
    'revert',
    'pending',
  );
  // Started by pbc itself (src/ops/revert/spawn.ts): credentials arrive on stdin.
  const guard = program
    .command('revert-guard', { hidden: true })
    .argument('<id>')
    .action(async (id: string) => {
      const { guardMain } = await import('../guard/main.js');
      process.exitCode = await guardMain(id);
    });
  declareSafety(guard, HARMLESS);
}
