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

/**
 * Keys one after another, no pause between them: the console takes keys that arrive in one
 * read one at a time, each after the frame of the previous one (src/tui/key-queue.ts). Esc
 * followed by a character in one read is both keys, but Esc followed by a named key (Enter,
 * an arrow) is one Alt+key (src/tui/keys.ts): after Esc, wait for its frame.
 */
export async function press(s: TmuxSession, ...keys: string[]): Promise<void> {
  for (const k of keys) s.keys(k);
}

/** Text as typed: each character a key (sent literally, one read or several). */
export async function type(s: TmuxSession, text: string): Promise<void> {
  s.keys('-l', text);
}

export const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
