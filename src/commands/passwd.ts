/**
 * `pbc users passwd NAME`: a new password for one account — asked for (twice), read from
 * stdin, or with `--random` made here (crypto.randomBytes) and written as
 * `device,user,password,status` lines to a new file of mode 0600 that is never overwritten. With `--fleet` every device
 * gets its own password, all in the one file. Only the file's path is printed: the password
 * never reaches the terminal, a log or the journal (which records it as ***).
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { AuthError, ConnectionError, DeviceError, ForbiddenError } from '../api/errors.js';
import { ensureStateDir } from '../config/state-dir.js';
import { UsageError } from '../model/errors.js';
import { userOps } from '../ops/users.js';
import { promptNewSecret, readStdinLine } from './prompt.js';
import type { Run } from './run.js';

interface PasswdOptions {
  random?: boolean;
  out?: string;
  passwordStdin?: boolean;
}

/** No comma, quote, colon, backslash or space: the CSV line and basic auth stay plain. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_.!@#%+=';

/** 20 characters, about 120 bits, uniform (bytes beyond a multiple of the alphabet dropped). */
export function randomPassword(length = 20): string {
  const limit = 256 - (256 % ALPHABET.length);
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < limit && out.length < length) out += ALPHABET[b % ALPHABET.length];
    }
  }
  return out;
}

/**
 * One file for the whole run (shared by a fleet's devices), created on first use:
 * `device,user,password,status`. A device's line is written before its password is sent
 * (status `sending`: a password the device may have taken is never lost) and rewritten once
 * the device has answered: `set`, `not set` (the device refused it, or was never reached)
 * or `unknown` (no answer: the device may have taken it). A run cut short leaves `sending`.
 */
class PasswordFile {
  private readonly rows: string[][] = [['device', 'user', 'password', 'status']];
  private writing: Promise<void> = Promise.resolve();

  private constructor(readonly path: string) {}

  static async create(path: string): Promise<PasswordFile> {
    try {
      // 'wx': refuse an existing file (and a symlink planted at its name).
      await (await open(path, 'wx', 0o600)).close();
      return new PasswordFile(path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new UsageError(
        code === 'EEXIST'
          ? `${path} exists: the password file is never overwritten (give another --out; nothing was changed)`
          : `cannot create the password file ${path}: ${code ?? (e as Error).message} (nothing was changed)`,
      );
    }
  }

  /** Records the device's new password (status `sending`); returns its row for `mark`. */
  async add(device: string, user: string, password: string): Promise<string[]> {
    const row = [device, user, password, 'sending'];
    this.rows.push(row);
    await this.flush();
    return row;
  }

  async mark(row: string[], status: string): Promise<void> {
    row[3] = status;
    await this.flush();
  }

  /** The whole file again, one write at a time (a fleet's devices finish in any order). */
  private flush(): Promise<void> {
    const csv = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const text = this.rows.map((r) => `${r.map(csv).join(',')}\n`).join('');
    // opened for each write and closed after it: a handle held for the run was closed by the
    // garbage collector at some point after it, with Node's warning on stderr (DEP0137)
    this.writing = this.writing.then(async () => {
      const handle = await open(this.path, constants.O_WRONLY | constants.O_NOFOLLOW);
      try {
        await handle.truncate(0);
        await handle.write(text, 0);
        await handle.sync();
      } finally {
        await handle.close();
      }
    });
    return this.writing;
  }
}

/** What a failed change means for the password: never taken, or perhaps taken. */
function failedStatus(e: unknown): string {
  if (e instanceof DeviceError || e instanceof AuthError || e instanceof ForbiddenError)
    return 'not set';
  if (e instanceof ConnectionError && e.kind !== 'reset') return 'not set';
  return 'unknown';
}

function defaultPath(): string {
  const time = new Date().toISOString().replace(/[:.]/g, '-');
  return join(ensureStateDir(), `passwords-${time}.csv`);
}

function passwordFile(run: Run, out: string | undefined): Promise<PasswordFile> {
  let file = run.shared.get('passwd-file') as Promise<PasswordFile> | undefined;
  if (!file) {
    file = PasswordFile.create(out ?? defaultPath());
    run.shared.set('passwd-file', file);
  }
  return file;
}

export async function passwd(run: Run, o: PasswdOptions, username: string): Promise<void> {
  if (o.out !== undefined && !o.random) throw new UsageError('--out goes with --random');
  if (o.random && o.passwordStdin)
    throw new UsageError('give either --random or --password-stdin, not both');
  await run.writer();
  const ask = {
    question: `Set a new ${o.random ? 'random ' : ''}password for user '${username}'?`,
    refusal: `change the password of user '${username}'`,
    needsYes: true,
  };
  if (!o.random) {
    const password = o.passwordStdin
      ? await readStdinLine('password')
      : await promptNewSecret('new password');
    const [result] = await run.execute({ steps: [userOps.modify({ username, password })], ...ask });
    await run.done(`password of user '${username}' changed`, { result });
    return;
  }
  const password = randomPassword();
  let file: PasswordFile | undefined;
  let row: string[] | undefined;
  try {
    await run.execute({
      steps: [userOps.modify({ username, password })],
      ...ask,
      // Written once confirmed, before it is sent: a password the device may have taken is
      // never lost (the summary says which devices failed).
      prepare: async () => {
        file = await passwordFile(run, o.out);
        row = await file.add(await run.deviceName(), username, password);
      },
    });
  } catch (e) {
    if (file && row) await file.mark(row, failedStatus(e));
    throw e;
  }
  await file!.mark(row!, 'set');
  await run.done(`new password of user '${username}' written to ${file!.path}`, {
    user: username,
    file: file!.path,
  });
}
