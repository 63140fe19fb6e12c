/** `pbc diff -f FILE` and `pbc apply -f FILE` (configuration as code, see apply.ts). */
import type { Command } from 'commander';
import { MAX_FILE_FLAG, MAX_FILE_HELP } from './file-size.js';
import { handle } from './lazy.js';
import { CONFIRM, READ } from './safety.js';

function desiredOptions(cmd: Command): Command {
  return cmd
    .option('-f, --file <file>', 'the configuration file (YAML or JSON; - reads stdin)')
    .option(MAX_FILE_FLAG, MAX_FILE_HELP)
    .option('--prune', 'also delete the rules and groups the file does not have')
    .option(
      '--group-method <put|post>',
      'send a changed group by PUT (keeps its rules, default) or POST (the device deletes its rules; they are re-added)',
    );
}

export function defineDesired(program: Command): void {
  handle(
    desiredOptions(
      program
        .command('diff')
        .description(
          'show what apply -f FILE would change (exit 0: nothing differs, 1: something does, 2: bad file or a plan the device would refuse)',
        )
        .option(
          '--out <plan>',
          'also write the plan, with what it was planned on, for pbc apply PLAN',
        ),
    ),
    READ,
    'apply',
    'diff',
  );
  handle(
    desiredOptions(
      program
        .command('apply')
        .argument(
          '[plan]',
          'a plan written by pbc diff -f FILE --out PLAN: sent exactly, or exit 5 when the device moved since',
        )
        .description(
          'make the device hold what FILE says (or send PLAN): the plan in a safe order, stopping at the first device error',
        ),
    ),
    CONFIRM,
    'apply',
    'apply',
  );
}
