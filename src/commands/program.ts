/**
 * The whole command line: global options, `pbc sim`, the scripted commands (tree.ts) and
 * the default action (the console). Loads commander only.
 */
import { Argument, Command, Option } from 'commander';
import { UsageError } from '../model/errors.js';
import { nearestName } from '../model/nearest.js';
import type { GlobalOptions } from './context.js';
import { commandWord, onlyGlobals } from './invoked.js';
import { handle } from './lazy.js';
import { declareSafety, LOCAL, READ } from './safety.js';
import {
  defineGet,
  defineGroups,
  definePorts,
  defineRules,
  defineSavepoints,
  defineTrace,
} from './tree.js';
import {
  defineApps,
  defineDevice,
  defineFleets,
  defineJournal,
  defineUsers,
} from './tree-admin.js';
import { defineConfigFile } from './tree-config.js';
import { defineDesired } from './tree-desired.js';
import { defineLock } from './tree-lock.js';
import { defineRevert } from './tree-revert.js';
import { defineTools } from './tree-tools.js';
import { version } from './version.js';

export function fail(message: string, code: number): never {
  process.stderr.write(`pbc: ${message}\n`);
  process.exit(code);
}

/** Commander's error text ("error: unknown option '--x'\n(Did you mean --y?)") as one line. */
function oneLine(text: string): string {
  return text
    .replace(/^error:\s*/i, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

function globalOptions(program: Command): Command {
  return (
    program
      // PBC_URL, PBC_USER and PBC_CONTEXT are read by selectDevice (context.ts), not by
      // commander: a context beats the environment but not a flag, so the two must differ.
      .option('--url <url>', 'device REST base URL, e.g. http://192.0.2.10/rest (env: PBC_URL)')
      .option(
        '--user <name>',
        'user name (password: PBC_PASSWORD, the context, or a prompt) (env: PBC_USER)',
      )
      .option('--context <name>', 'a context of the config file (env: PBC_CONTEXT)')
      .option('--fleet <name>', 'every context of a fleet of the config file (docs/fleet.md)')
      .option('--parallel <n>', 'with --fleet: how many devices at once (default 4)')
      .option('--timeout <ms>', 'per-request timeout in milliseconds (default 5000)')
      .option(
        '--max-answer-size <size>',
        'largest answer read, e.g. 128MiB (default 64MiB) (env: PBC_MAX_ANSWER)',
      )
      .option('--insecure', 'HTTPS without certificate verification')
      .option('--ca <file>', 'PEM file of certificates to trust for HTTPS')
      .option('--readonly', 'refuse every change before anything is sent')
      .option('--debug', 'log requests (secrets redacted) and stack traces to stderr')
      .option(
        '-o, --output <format>',
        'table, json or yaml (default: table on a terminal, else json)',
      )
      .option('-y, --yes', 'confirm destructive operations (needed when not on a terminal)')
      .option(
        '--show-secrets',
        'show secrets (the RADIUS secret, app secrets such as an SNMP community) in get output',
      )
      .option('--demo', 'open the console on a built-in simulated device')
  );
}

function simCommand(program: Command): void {
  const sim = program
    .command('sim')
    .description('serve the simulated packet broker REST service')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'TCP port (0 = any free port)', '8080')
    .option('--state <dir>', 'keep the configuration in this directory across restarts')
    .option('--seed <n>', 'seed of the traffic model (same seed, same traffic)', '1')
    .option(
      '--admin-password-stdin',
      "read the password of the default SUPER account 'admin' from stdin (or set PBC_SIM_ADMIN_PASSWORD)",
    )
    // refused with a pointer to the two above: a password on the command line shows in ps
    .addOption(new Option('--admin-password <pw>').hideHelp())
    .option('--quirks', "answer in the vendor's odd-but-real shapes (ifName, integer port_no, …)")
    .option('--latency <ms>', 'added delay per request', '0')
    .option('--fail-rate <p>', 'share of requests answered 500 or reset (0..1)', '0')
    .option('--reboot-ms <ms>', 'how long a reboot makes the device unavailable', '3000')
    .option('--flows <n>', 'how many flows the input ports carry (1000..1000000)', '20000')
    .option('--devices <n>', 'serve N devices sim-1…sim-N on consecutive ports from --port', '1')
    .action(async (opts) => {
      const { runSim } = await import('./sim.js');
      await serving(
        () => runSim(opts),
        (err) =>
          `port ${(err as { port?: number }).port ?? opts.port} is in use (choose another with --port)`,
      );
    });
  declareSafety(sim, LOCAL);
}

/**
 * Runs a command that listens (the simulator, the exporter): a usage error exits 2, an address
 * in use 3 with `inUse`'s line, anything else 1.
 */
async function serving(
  work: () => Promise<unknown>,
  inUse: (err: NodeJS.ErrnoException) => string,
): Promise<void> {
  try {
    await work();
  } catch (e) {
    if (e instanceof UsageError) fail(e.message, 2);
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') fail(inUse(err), 3);
    fail(err.message, 1);
  }
}

function exporterCommand(program: Command): void {
  const exporter = program
    .command('exporter')
    .description('serve Prometheus metrics of a fleet (--fleet) or of one device (docs/fleet.md)')
    .option('--fleet <name>', 'the fleet of the config file whose devices to export')
    .option('--listen <host:port>', 'address of the /metrics endpoint', '127.0.0.1:9464')
    .option('--rule-metrics <names>', 'export the counters of these rules (NAME,…)')
    .option('--cache <ms>', "how long a device's answers serve scrapes", '1000')
    .option('--health-cache <ms>', 'how long environment, load and memory are reused', '10000')
    .option('--concurrency <n>', 'devices read at the same time', '16')
    .option('--max-ports <n>', 'port (and sensor, fan, PSU) series per device', '4096')
    .option('--max-rules <n>', 'rule series per device (--rule-metrics)', '16384')
    .option('--once', 'print one scrape to stdout and exit (3 when a device did not answer)')
    .action(async (opts, cmd: Command) => {
      const { runExporter } = await import('./exporter.js');
      const g = cmd.optsWithGlobals() as GlobalOptions & { fleet?: string };
      await serving(
        () => runExporter(g, { ...opts, fleet: g.fleet }),
        () => `--listen ${opts.listen}: address in use`,
      );
    });
  declareSafety(exporter, READ);
}

function completionCommand(program: Command): void {
  const completion = program
    .command('completion')
    .description('print a shell completion script (bash or zsh)')
    .addArgument(new Argument('<shell>', 'bash or zsh').choices(['bash', 'zsh']))
    .addHelpText(
      'after',
      `
Examples:
  source <(pbc completion bash)                       # bash, this shell
  pbc completion bash > ~/.local/share/bash-completion/completions/pbc
  pbc completion zsh > "\${fpath[1]}/_pbc"             # zsh (compinit loads it)`,
    )
    .action(async (shell: string) => {
      const [{ bashScript, zshScript }, { TARGETS }] = await Promise.all([
        import('./completion.js'),
        import('./get.js'),
      ]);
      const extra = { get: [TARGETS.map((t) => t.name)] };
      process.stdout.write((shell === 'zsh' ? zshScript : bashScript)(program, extra));
    });
  declareSafety(completion, LOCAL);
}

function doctorCommand(program: Command): void {
  handle(
    program
      .command('doctor')
      .description(
        'check this host: version, terminal size, colours, config path, state dir, and whether the device answers',
      ),
    READ,
    'doctor',
    'run',
  );
}

/** Top-level commands (their names and aliases) and what defines them. */
interface Family {
  names: readonly string[];
  define: (program: Command) => void;
  /** It reads the whole tree (completion): never defined alone. */
  whole?: true;
}

/** Every top-level command, in the order help lists them. */
const FAMILIES: readonly Family[] = [
  { names: ['sim'], define: simCommand },
  { names: ['exporter'], define: exporterCommand },
  { names: ['get'], define: defineGet },
  { names: ['rules'], define: defineRules },
  { names: ['trace'], define: defineTrace },
  { names: ['groups'], define: defineGroups },
  { names: ['ports'], define: definePorts },
  { names: ['savepoint', 'savepoints'], define: defineSavepoints },
  { names: ['users', 'uac', 'radius'], define: defineUsers },
  { names: ['apps'], define: defineApps },
  { names: ['device', 'log'], define: defineDevice },
  { names: ['journal', 'undo'], define: defineJournal },
  { names: ['fleets'], define: defineFleets },
  { names: ['confirm', 'pending', 'revert-guard'], define: defineRevert },
  { names: ['lock', 'unlock'], define: defineLock },
  { names: ['diff', 'apply'], define: defineDesired },
  { names: ['tools'], define: defineTools },
  { names: ['export', 'validate'], define: defineConfigFile },
  { names: ['completion'], define: completionCommand, whole: true },
  { names: ['doctor'], define: doctorCommand },
];

/** The names each family defines (a test checks them against what it defines). */
export const FAMILY_NAMES: readonly (readonly string[])[] = FAMILIES.map((f) => f.names);

/**
 * The families `argv` (process.argv: node, script, then the command line) needs: none for
 * the console (known global options alone), the one it names when commandWord finds one
 * (invoked.ts), else all (help, unknown commands or options, completion). Building every
 * definition costs ~8 ms of each start (docs/performance.md).
 */
function familiesFor(program: Command, argv: readonly string[] | undefined): readonly Family[] {
  if (argv && onlyGlobals(argv.slice(2), program.options)) return [];
  const word = argv && commandWord(argv.slice(2), program.options);
  const named = FAMILIES.find((f) => !f.whole && word !== undefined && f.names.includes(word));
  return named ? [named] : FAMILIES;
}

/**
 * `startConsole` runs `pbc` without a command (cli.ts passes it: the console is not the
 * commands' to load). With `argv` (what parseAsync will read), only the command it names is
 * defined (familiesFor); without, the whole tree.
 */
export function buildProgram(
  startConsole?: (g: GlobalOptions) => Promise<void>,
  argv?: readonly string[],
): Command {
  const program = new Command('pbc')
    .description(
      'Packet broker console: live ports, safe rule changes, save-points and logs from a terminal.\n' +
        'Without a command it opens the full-screen console; the commands below are for scripts.',
    )
    .version(version, '-V, --version')
    .exitOverride()
    .configureOutput({
      outputError: (text, write) =>
        write(`pbc: ${oneLine(text)} (see pbc --help, or pbc COMMAND --help)\n`),
    })
    .addHelpText(
      'after',
      `
Exit codes: 0 ok, 1 the device answered with an error, 2 usage, 3 connection/timeout,
4 authentication/authorization, 5 conflict (the device changed since the plan,
or another operator holds the lock). Config: $PBC_CONFIG or ~/.config/pbc/config.yaml.
Docs: docs/cli.md`,
    );
  globalOptions(program);
  for (const family of familiesFor(program, argv)) family.define(program);
  program.allowExcessArguments(true).action(async () => {
    const extra = program.args[0];
    if (extra === 'help') {
      // `pbc help rules add` (commander adds no help command when the program has an action).
      let cmd: Command = program;
      for (const name of program.args.slice(1)) {
        const sub = cmd.commands.find((c) => c.name() === name || c.aliases().includes(name));
        if (!sub) break;
        cmd = sub;
      }
      cmd.help();
    }
    if (extra !== undefined) {
      const names = program.commands.flatMap((c) => [c.name(), ...c.aliases()]);
      const near = nearestName(extra, names);
      fail(`unknown command '${extra}' (${near ? `did you mean ${near}? ` : ''}see pbc --help)`, 2);
    }
    if (!startConsole) fail('the console is not available here (see pbc --help)', 2);
    await startConsole(program.opts<GlobalOptions>());
  });
  return program;
}
