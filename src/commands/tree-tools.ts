/** `pbc tools plan|apply|check -f FILE` and `pbc rules explain` (tool intents, docs/tools.md). */
import type { Command } from 'commander';
import { handle } from './lazy.js';
import { CONFIRM, READ } from './safety.js';

const fileOption = (cmd: Command) =>
  cmd.option('-f, --file <file>', 'the configuration file with a tools: section (- reads stdin)');

export function defineTools(program: Command): void {
  const tools = program
    .command('tools')
    .description(
      'tool intents: the rules that give each tool port exactly what it wants, and the proof',
    );
  handle(
    fileOption(
      tools
        .command('plan')
        .description(
          'the compiled rules of the band, their TCAM cost and what each tool will get (exit 2: cannot compile or does not fit)',
        ),
    ),
    READ,
    'tools',
    'plan',
  );
  handle(
    fileOption(
      tools
        .command('apply')
        .description(
          "replace the band's rules with the compiled ones (the apply -f pipeline: confirmation, --yes, journal)",
        ),
    ),
    CONFIRM,
    'tools',
    'apply',
  );
  handle(
    fileOption(
      tools
        .command('check')
        .description(
          "does each tool get exactly what it wants from the device's current rules? (exit 0 yes, 1 starved or extra, 2 bad file)",
        ),
    ),
    READ,
    'tools',
    'check',
  );
}

/** `pbc rules explain PRIORITY MATCH…`, under the rules command. */
export function defineExplain(rules: Command): void {
  handle(
    rules
      .command('explain')
      .description(
        "why is this rule's counter zero? the rules that take its traffic, its ports' state",
      )
      .argument('<priority>', 'the rule’s priority')
      .argument('[match...]', 'its match: FIELD=VALUE or a key-only FIELD (in_port=1 tcp)'),
    READ,
    'tools',
    'explain',
  );
}
