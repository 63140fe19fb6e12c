/** Drives the real binary in tmux: type keys, read the screen as a person would. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll } from 'vitest';

export const root = join(import.meta.dirname, '..', '..');

export function hasTmux(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const inCi = ['CI', 'CONTINUOUS_INTEGRATION'].some(
  (name) => name in process.env && process.env[name] !== '0' && process.env[name] !== 'false',
);

/**
 * Whether a file's tmux tests run (`describe.runIf(tmuxTests())`): tmux is found, or CI is set.
 * In CI a missing tmux fails every test of the file with its name (a hook that throws) instead
 * of skipping them unseen; on a developer's machine without tmux they are skipped.
 */
export function tmuxTests(): boolean {
  if (hasTmux()) return true;
  if (!inCi) return false;
  beforeAll(() => {
    throw new Error('tmux not found on PATH: the terminal tests need it (.ci/run installs it)');
  });
  return true;
}

/**
 * Each session runs on its own tmux server (its socket in the session's temporary folder, no
 * config file). On one shared server, a test
 * file that killed the last session let the server exit while another file's `new-session`
 * connected to it: "server exited unexpectedly" (seen once in CI).
 */
export class TmuxSession {
  readonly name: string;
  readonly dir: string;
  private readonly socket: string;

  constructor(
    command: string,
    opts: { columns: number; rows: number; env?: Record<string, string>; cwd?: string },
  ) {
    this.name = `pbc-e2e-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    this.dir = mkdtempSync(join(tmpdir(), 'pbc-e2e-'));
    this.socket = join(this.dir, 'tmux.sock');
    // The test file's temporary journal (test/harness/state-dir.ts), never the real one.
    const state = process.env.PBC_STATE_DIR ? { PBC_STATE_DIR: process.env.PBC_STATE_DIR } : {};
    const env = Object.entries({ ...state, ...opts.env })
      .map(([k, v]) => `${k}=${JSON.stringify(v)} `)
      .join('');
    // After the program ends, record its exit status and keep the pane for inspection.
    const script = `cd ${JSON.stringify(opts.cwd ?? root)} && echo before-pbc && ${env}${command}; echo "exit=$?" > ${this.dir}/status; echo after-pbc; sleep 30`;
    this.tmux(
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

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-S', this.socket, '-f', '/dev/null', ...args], {
      encoding: 'utf8',
    });
  }

  screen(): string {
    return this.tmux('capture-pane', '-p', '-t', this.name);
  }

  /** The screen with its colours and attributes, as SGR escape sequences. */
  styledScreen(): string {
    return this.tmux('capture-pane', '-e', '-p', '-t', this.name);
  }

  keys(...keys: string[]): void {
    this.tmux('send-keys', '-t', this.name, ...keys);
  }

  /** The terminal's new size, as when the operator drags the window. */
  resize(columns: number, rows: number): void {
    this.tmux('resize-window', '-t', this.name, '-x', String(columns), '-y', String(rows));
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

  /** The pane's shell: the program runs as its child. */
  panePid(): number {
    return Number(this.tmux('list-panes', '-t', this.name, '-F', '#{pane_pid}').trim());
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
      this.tmux('kill-server');
    } catch {
      // already gone
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
