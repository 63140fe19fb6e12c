/** Configuration as code, the file side: `pbc export` and `pbc validate -f FILE` (issue 19). */
import type { Command } from 'commander';
import { MAX_FILE_FLAG, MAX_FILE_HELP } from './file-size.js';
import { handle } from './lazy.js';
import { LOCAL, READ } from './safety.js';

export function defineConfigFile(program: Command): void {
  handle(
    program
      .command('export')
      .description('print the device configuration as a config file (YAML; -o json for JSON)')
      .option(
        '--only <sections>',
        'comma-separated: rules, groups, ports, group_hash, boot_savepoint (default all)',
      )
      .addHelpText(
        'after',
        `
The output is the file \`pbc diff -f\` and \`pbc apply -f\` read (format: docs/config-as-code.md,
JSON Schema: docs/schema/pbc-config.schema.json). YAML unless -o json, on a terminal too.

Examples:
  pbc export > filters.yaml
  pbc export --only rules,groups -o json > filters.json`,
      ),
    READ,
    'desired',
    'exportConfig',
  );
  handle(
    program
      .command('validate')
      .description('check a config file offline: exit 0, or 2 with FILE:LINE:COL per problem')
      .option('-f, --file <path>', 'the config file (YAML or JSON; - reads stdin)')
      .option(MAX_FILE_FLAG, MAX_FILE_HELP),
    LOCAL,
    'desired',
    'validateFile',
  );
}
