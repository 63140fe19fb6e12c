/** Drives the real binary in tmux: type keys, read the screen as a person would. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

export function hasTmux(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const tmux = (...args: string[]) => execFileSync('tmux', args, { encoding: 'utf8' });

export class TmuxSession {
  readonly name: string;
  readonly dir: string;

  constructor(
    command: string,
    opts: { columns: number; rows: number; env?: Record<string, string>; cwd?: string },
  ) {
    this.name = `pbc-e2e-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    this.dir = mkdtempSync(join(tmpdir(), 'pbc-e2e-'));
    const env = Object.entries(opts.env ?? {})
      .map(([k, v]) => `${k}=${JSON.stringify(v)} `)
      .join('');
    // After the program ends, record its exit status and keep the pane for inspection.
    const script = `cd ${JSON.stringify(opts.cwd ?? root)} && echo before-pbc && ${env}${command}; echo "exit=$?" > ${this.dir}/status; echo after-pbc; sleep 30`;
    tmux(
      'new-session',
      '-d',
      '-s',
      this.name,
      '-x',
      String(opts.columns),
      '-y',
      String(opts.rows),
      script,
    );
  }

  screen(): string {
    return tmux('capture-pane', '-p', '-t', this.name);
  }

  keys(...keys: string[]): void {
    tmux('send-keys', '-t', this.name, ...keys);
  }

  async waitFor(pred: (screen: string) => boolean, timeoutMs = 10_000): Promise<string> {
    const end = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < end) {
      last = this.screen();
      if (pred(last)) return last;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`screen never matched; last screen:\n${last}`);
  }

  status(): string | null {
    try {
      return readFileSync(join(this.dir, 'status'), 'utf8').trim();
    } catch {
      return null;
    }
  }

  kill(): void {
    try {
      tmux('kill-session', '-t', this.name);
    } catch {
      // already gone
    }
  }
}
