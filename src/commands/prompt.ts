/** Terminal questions: hidden password entry and yes/no confirmations, asked on stderr. */
import { UsageError } from '../model/errors.js';
import { NotConfirmedError } from './errors.js';

export function interactive(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY);
}

/** Typed-ahead input after the Enter of a hidden prompt: it belongs to the next prompt. */
let pending = '';

/** Reads a line without echoing it. Needs a TTY on stdin. */
export function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) throw new UsageError('cannot ask for a password: stdin is not a terminal');
  // Echo off before the question shows, so nothing typed after it is echoed.
  stdin.setRawMode(true);
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let chars: string[] = [];
    let finished = false;
    const finish = () => {
      finished = true;
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      const all = [...chunk];
      for (let i = 0; i < all.length; i++) {
        const ch = all[i]!;
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          pending = all
            .slice(i + 1)
            .join('')
            .replace(/^\n/, '');
          finish();
          resolve(chars.join(''));
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new NotConfirmedError('interrupted; nothing was changed'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') chars = chars.slice(0, -1);
        else if (ch === '\u0015') chars = [];
        else if (ch >= ' ') chars.push(ch);
      }
    };
    const typedAhead = pending;
    pending = '';
    if (typedAhead !== '') onData(typedAhead);
    if (finished) return;
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
  });
}

/** Reads one visible line. */
async function promptLine(question: string): Promise<string> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

/**
 * Asks `question` on a terminal; without one, `yes` must be given. `refusal` completes
 * "refusing to <refusal> without confirmation".
 */
export async function confirm(
  question: string | (() => Promise<string>),
  refusal: string,
  yes: boolean,
): Promise<void> {
  if (yes) return;
  if (!interactive()) {
    throw new UsageError(
      `refusing to ${refusal} without confirmation (pass --yes to confirm; nothing was changed)`,
    );
  }
  const text = typeof question === 'string' ? question : await question();
  const answer = (await promptLine(`${text} [y/N] `)).trim();
  if (!/^y(es)?$/i.test(answer)) throw new NotConfirmedError('not confirmed; nothing was changed');
}

/** Reads all of stdin (for --password-stdin): the first line, without its line end. */
export function readStdinLine(what: string): Promise<string> {
  // Read once per process: a --fleet run asks for the same secret on each device.
  let line = stdinLines.get(what);
  if (!line) {
    line = readStdinOnce(what);
    stdinLines.set(what, line);
  }
  return line;
}

const stdinLines = new Map<string, Promise<string>>();

/** A new run in the same process (test/cli/in-process.ts) has a new stdin. */
export function forgetStdin(): void {
  stdinLines.clear();
  pending = '';
}

async function readStdinOnce(what: string): Promise<string> {
  if (process.stdin.isTTY) return promptHidden(`${what}: `);
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const line = text.split(/\r?\n/)[0] ?? '';
  if (line === '') throw new UsageError(`${what} expected on stdin, got nothing`);
  return line;
}

/** A new secret, asked twice on a terminal. */
export async function promptNewSecret(what: string): Promise<string> {
  if (!process.stdin.isTTY)
    throw new UsageError(
      `${what} needed: pass --password-stdin and pipe it in, or run on a terminal`,
    );
  const a = await promptHidden(`${what}: `);
  const b = await promptHidden(`${what} (again): `);
  if (a !== b) throw new UsageError(`the two ${what} entries differ; nothing was changed`);
  if (a === '') throw new UsageError(`an empty ${what} is not accepted`);
  return a;
}
