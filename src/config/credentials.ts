/**
 * Where the password comes from: PBC_PASSWORD, the context's password_command (the first
 * line of its stdout, as `pass show` prints it), the context's plain password (file must be 0600, see config.ts), or a hidden
 * prompt when a user is given and pbc runs on a terminal.
 */
import { createRequire } from 'node:module';
import { UsageError } from '../model/errors.js';

/** node:child_process (~2 ms to load) only for a context that has a password_command. */
const childProcess = () =>
  createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');

export interface PasswordSource {
  password?: string;
  /** For --debug: where it came from, never the value. */
  source: string;
}

export function runPasswordCommand(command: string, context: string): string {
  const r = childProcess().spawnSync(command, {
    shell: true,
    encoding: 'utf8',
    stdio: ['inherit', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  if (r.error) {
    throw new UsageError(
      `password_command of context '${context}' could not run: ${r.error.message} (check the command in the config file)`,
    );
  }
  if (r.status !== 0) {
    const why = (r.stderr ?? '').trim().split('\n')[0]?.slice(0, 200) || `exit status ${r.status}`;
    throw new UsageError(
      `password_command of context '${context}' failed: ${why} (check the command in the config file)`,
    );
  }
  const password = firstLine(r.stdout ?? '');
  if (password === '')
    throw new UsageError(
      `password_command of context '${context}' printed nothing on its first line (it must print the password as the first line of stdout)`,
    );
  return password;
}

/**
 * The password in a password_command's output: its first line, without the line ending.
 * `pass show` prints further lines (a TOTP seed, a login, notes); they are never sent.
 */
export function firstLine(stdout: string): string {
  const end = stdout.indexOf('\n');
  return (end < 0 ? stdout : stdout.slice(0, end)).replace(/\r$/, '');
}

export interface PasswordInputs {
  user?: string;
  envPassword?: string;
  context?: { name: string; password?: string; password_command?: string };
  /**
   * Asked only when a prompt is the last resort: it reads process.stdin, whose stream costs
   * ~1 ms to make, which a command without a user (`pbc get rules`) does not pay.
   */
  canPrompt: () => boolean;
  prompt: (question: string) => Promise<string>;
}

export async function resolvePassword(i: PasswordInputs): Promise<PasswordSource> {
  if (i.envPassword !== undefined && i.envPassword !== '')
    return { password: i.envPassword, source: 'PBC_PASSWORD' };
  if (i.context?.password_command)
    return {
      password: runPasswordCommand(i.context.password_command, i.context.name),
      source: `password_command of context '${i.context.name}'`,
    };
  if (i.context?.password !== undefined)
    return { password: i.context.password, source: `context '${i.context.name}'` };
  if (i.user === undefined) return { source: 'none (no user)' };
  if (i.canPrompt())
    return { password: await i.prompt(`Password for ${i.user}: `), source: 'prompt' };
  throw new UsageError(
    `no password for user '${i.user}' (set PBC_PASSWORD, use a context with password_command, or run on a terminal to be asked)`,
  );
}
