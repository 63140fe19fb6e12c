/** `pbc lock [--for 30m] [--reason TEXT] [--steal]` and `pbc unlock` (see lock.ts). */
import type { Command } from 'commander';
import { handle } from './lazy.js';
import { confirmWhen, HARMLESS } from './safety.js';

export function defineLock(program: Command): void {
  handle(
    program
      .command('lock')
      .option('--for <duration>', 'how long the lock holds (30s, 5m, 1h; at most 24h)', '30m')
      .option('--reason <text>', 'why, for the others (shown with the lock)', '')
      .option('--steal', "take over another operator's lock (asks; --yes off a terminal)")
      .description(
        "take the device's lock: while it is held, every other operator's pbc writes are refused (exit 5); again to extend it",
      ),
    confirmWhen('with --steal'),
    'lock',
    'lock',
    false,
  );
  handle(
    program.command('unlock').description("give back this operator's lock on the device"),
    HARMLESS,
    'lock',
    'unlock',
    false,
  );
}
