/**
 * pbc run in the test's own process, for what the process itself is not the subject of. Each
 * spawn of the built pbc costs ~0.1 s of CPU; a run in process a few ms (docs/performance.md,
 * "Test suite (issue 27)"). Two ways:
 * - commanderOnly: the commander tree alone (the help texts), its exits thrown (CommanderError);
 * - pbcInProcess / inProcess(sim): the whole run of src/commands/main.ts (what src/cli.ts runs),
 *   with the process globals it touches in place for the run (argv, env, stdin, stdout, stderr,
 *   exit). in-process.test.ts checks that both print what the built pbc prints.
 */
import { Readable, Writable } from 'node:stream';
import { type Command, CommanderError } from 'commander';
import { forgetSecrets } from '../../src/api/mask.js';
import { forgetDesiredFiles } from '../../src/commands/desired-load.js';
import { exitCodeIfOutputCloses } from '../../src/commands/exit.js';
import { runPbc } from '../../src/commands/main.js';
import { buildProgram } from '../../src/commands/program.js';
import { forgetStdin } from '../../src/commands/prompt.js';
import { baseEnv, type CliSim, cli, type Result, type RunOptions } from './helpers.js';

/** Output as the built pbc writes it to pipes: no colour, commander's default width (80). */
function captured(cmd: Command, out: string[], err: string[]): void {
  cmd.exitOverride().configureOutput({
    writeOut: (s) => out.push(s),
    writeErr: (s) => err.push(s),
    getOutHelpWidth: () => 80,
    getErrHelpWidth: () => 80,
    getOutHasColors: () => false,
    getErrHasColors: () => false,
  });
  for (const sub of cmd.commands) captured(sub, out, err);
}

/**
 * `pbc ARGS` for arguments that end in commander itself (--help, --version): its output and
 * exit code. Anything that would reach a command's action is refused (that is a spawn's job).
 */
export async function commanderOnly(args: string[]): Promise<Result> {
  const out: string[] = [];
  const err: string[] = [];
  const program = buildProgram(async () => {
    throw new Error('commanderOnly: the console would start');
  });
  captured(program, out, err);
  let code: number;
  try {
    await program.parseAsync(args, { from: 'user' });
    throw new Error(`commanderOnly: pbc ${args.join(' ')} reached a command`);
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e;
    code = e.exitCode;
  }
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** Thrown by process.exit during an in-process run: the run ends there, as the process would. */
class Exited extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

/** A pipe's end as pbc sees it: no TTY, no columns; what is written is kept. */
function sink(into: Buffer[]): NodeJS.WriteStream {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      into.push(Buffer.from(chunk));
      done();
    },
  }) as unknown as NodeJS.WriteStream;
}

/** stdin as a closed pipe carrying `input`. */
function source(input: string): NodeJS.ReadStream {
  const r = new Readable({ read() {} });
  if (input !== '') r.push(Buffer.from(input));
  r.push(null);
  return r as unknown as NodeJS.ReadStream;
}

const STREAMS = ['stdin', 'stdout', 'stderr'] as const;

function replaceEnv(env: Record<string, string>): void {
  for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
  Object.assign(process.env, env);
}

/** Puts the run's process globals in place; returns what puts the test's back. */
function patchProcess(
  env: Record<string, string>,
  argv: string[],
  streams: Record<(typeof STREAMS)[number], unknown>,
  onExit: (code: number) => void,
): () => void {
  const saved = {
    env: { ...process.env } as Record<string, string>,
    argv: process.argv,
    exit: process.exit,
    exitCode: process.exitCode,
    streams: STREAMS.map((k) => Object.getOwnPropertyDescriptor(process, k)!),
  };
  // The real environment, changed in place: what node reads from it (os.homedir() and HOME)
  // sees the run's too.
  replaceEnv(env);
  process.argv = argv;
  process.exitCode = undefined;
  for (const k of STREAMS)
    Object.defineProperty(process, k, { value: streams[k], configurable: true, writable: true });
  process.exit = ((code?: number | string | null) => {
    const n = Number(code ?? process.exitCode ?? 0);
    onExit(n);
    throw new Exited(n);
  }) as typeof process.exit;
  return () => {
    replaceEnv(saved.env);
    process.argv = saved.argv;
    process.exit = saved.exit;
    process.exitCode = saved.exitCode;
    STREAMS.forEach((k, i) => {
      Object.defineProperty(process, k, saved.streams[i]!);
    });
  };
}

/** Module state the built pbc starts each process without. */
function freshProcessState(): void {
  forgetSecrets();
  forgetDesiredFiles();
  forgetStdin();
  exitCodeIfOutputCloses(0);
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * `pbc ARGS` run in the test's own process: src/commands/main.ts's runPbc, the code the built
 * pbc's entry runs, with the environment `pbc()` gives (baseEnv() and o.env), stdin `o.input`
 * as a closed pipe, stdout and stderr captured as pipes (no TTY: no colour, width 80), and the
 * first process.exit ending the run with its code (what it wrote by then is the output; the
 * built pbc exits only once its output is written). Runs are serialized: they patch process
 * globals. For what the process itself is not the subject of: a held lock, a second pbc at the
 * same time, signals, closed pipes and terminals keep pbc() (helpers.ts).
 */
export function pbcInProcess(args: string[], o: RunOptions = {}): Promise<Result> {
  if (o.node) throw new Error('pbcInProcess: node options need a spawn (pbc())');
  const run = queue.then(() => runOnce(args, o));
  queue = run.catch(() => undefined);
  return run;
}

async function runOnce(args: string[], o: RunOptions): Promise<Result> {
  const env = baseEnv();
  for (const [k, v] of Object.entries(o.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  let result: Result | undefined;
  const restore = patchProcess(
    env,
    [process.execPath, cli, ...args],
    { stdin: source(o.input ?? ''), stdout: sink(out), stderr: sink(err) },
    (code) => {
      result ??= {
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      };
    },
  );
  try {
    freshProcessState();
    const ended = runPbc(process.argv, async () => {
      throw new Error('pbcInProcess: the console needs a terminal (use a spawn)');
    }).catch((e: unknown) => {
      if (!(e instanceof Exited)) throw e;
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`pbcInProcess: pbc ${args.join(' ')} did not end`)),
        o.timeoutMs ?? 15_000,
      );
    });
    await Promise.race([ended, timedOut]).finally(() => clearTimeout(timer));
  } finally {
    restore();
  }
  return (
    result ?? {
      code: Number(process.exitCode ?? 0),
      stdout: Buffer.concat(out).toString('utf8'),
      stderr: Buffer.concat(err).toString('utf8'),
    }
  );
}

/** The same simulator with `run` in process; `spawn` still starts the built pbc. */
export function inProcess(s: CliSim): CliSim & { spawn: CliSim['run'] } {
  return {
    ...s,
    run: (args, o) => pbcInProcess(['--url', s.url, ...args], o),
    spawn: s.run,
  };
}
