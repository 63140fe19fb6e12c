/**
 * pbc on a pseudo-terminal (util-linux `script -qfec`): stdin, stdout and stderr are a
 * terminal, so pbc asks as it does for an operator. Each step waits for a text on the screen,
 * runs `before` (e.g. reads the simulator's write count while the question is open), then
 * types its input.
 */
import { execFile, execFileSync } from 'node:child_process';
import { baseEnv, cli } from './helpers.js';

/**
 * util-linux `script` (a pseudo-terminal) is on PATH. Under CI=true it counts as there: a
 * terminal test then fails on `spawn script ENOENT` instead of skipping unseen.
 */
export const hasScript =
  process.env.CI === 'true' ||
  (() => {
    try {
      execFileSync('script', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

export interface PtyStep {
  /** What the screen shows (since the previous step) before this step types. */
  waitFor: string | RegExp;
  input: string;
  before?: () => Promise<void>;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs pbc with `args` on a terminal, typing each step's input once its text shows. */
export function onPty(
  args: string[],
  steps: PtyStep[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; unanswered: number }> {
  const cmd = [process.execPath, cli, ...args].map(quote).join(' ');
  return new Promise((resolve) => {
    let left = [...steps];
    const child = execFile(
      'script',
      ['-qfec', cmd, '/dev/null'],
      { env: { ...baseEnv(), ...env }, timeout: 30_000 },
      (err, stdout) =>
        resolve({
          code: err ? (typeof err.code === 'number' ? err.code : -1) : 0,
          out: String(stdout).replace(/\r/g, ''),
          unanswered: left.length,
        }),
    );
    child.stdin?.on('error', () => {}); // typing into a terminal that just closed
    let seen = '';
    let busy = false;
    const next = async () => {
      const step = left[0];
      if (busy || !step) return;
      const at =
        typeof step.waitFor === 'string' ? seen.indexOf(step.waitFor) : seen.search(step.waitFor);
      if (at < 0) return;
      busy = true;
      seen = seen.slice(at + 1);
      await step.before?.();
      left = left.slice(1);
      child.stdin?.write(step.input);
      busy = false;
      void next();
    };
    child.stdout?.on('data', (d: Buffer | string) => {
      seen += String(d);
      void next();
    });
  });
}
