/** Shared by the tmux tests of screens 5, 7, 8 and 9: start pbc, type, read lines. */
import { TmuxSession } from './tmux.js';

export const sessions: TmuxSession[] = [];

export function killAll(): void {
  for (const s of sessions.splice(0)) s.kill();
}

export function startPbc(
  args = '--demo',
  opts: { columns?: number; rows?: number; env?: Record<string, string> } = {},
) {
  const s = new TmuxSession(`node dist/cli.js ${args}`, {
    columns: opts.columns ?? 100,
    rows: opts.rows ?? 30,
    ...(opts.env ? { env: opts.env } : {}),
  });
  sessions.push(s);
  return s;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One key at a time (a burst of keys can arrive as one chunk, which Ink reads as one key). */
export async function press(s: TmuxSession, ...keys: string[]): Promise<void> {
  for (const k of keys) {
    s.keys(k);
    await pause(60);
  }
}

export async function type(s: TmuxSession, text: string): Promise<void> {
  for (const ch of text) {
    s.keys('-l', ch);
    await pause(40);
  }
}

export const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
