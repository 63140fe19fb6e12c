/**
 * A corrupt pending file is an error, never an empty list: `pbc pending` says so (exit 1),
 * the armed revert's guard keeps running, and once the file is repaired the change is
 * reverted at expiry as promised.
 *
 * No waiting on the clock: the pending file becomes a named pipe, so each read the guard
 * makes is one this test hands it — "the guard looked and kept waiting" is an event.
 */
import { execFileSync } from 'node:child_process';
import { linkSync, lstatSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { constants, open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, oneErrorLine, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';
import { alive, killGuards, operator, ruleArgs, until } from './revert-helpers.js';

let s: CliSim;
beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());
afterEach(killGuards);

/** The rule of this test on the device (read at the simulator: no pbc reads the file). */
const hasRule = () => [...s.sim.state.rules.values()].some((r) => r.priority === 4343);

/**
 * Hands `text` to the next reader of the pipe: resolves once a reader (the guard) opened it
 * and read it to its end. `then` runs between the reader's open and the text.
 */
async function feed(pipe: string, pid: number, text: string, then = () => {}): Promise<void> {
  let opened = false;
  const opening = open(pipe, 'w').finally(() => {
    opened = true; // the guard opened the pipe to read it
  });
  // a guard that exited will never read: a reader of our own lets the open return
  while (!opened && alive(pid)) await new Promise((r) => setTimeout(r, 50));
  const exited = !opened;
  const reader = exited ? await open(pipe, constants.O_RDONLY | constants.O_NONBLOCK) : undefined;
  const w = await opening;
  if (reader) {
    await w.close();
    await reader.close();
  }
  if (exited) throw new Error(`the guard (pid ${pid}) exited instead of reading the file again`);
  try {
    then();
    await w.writeFile(text);
  } finally {
    await w.close();
  }
}

describe('a corrupt pending.json', () => {
  it('is an error that keeps the guard, never an empty list', async () => {
    const a = operator(s);
    // a long timer: nothing expires before the test made it so
    await a.ok([...ruleArgs('add', 4343, 3, 4, ''), '--revert-after', '1h']);
    const [entry] = a.file();
    const path = join(a.dir, 'pending.json');
    const file = JSON.parse(readFileSync(path, 'utf8'));
    // the same file with the expiry past, and that file cut in half
    const past = `${JSON.stringify({
      ...file,
      reverts: file.reverts.map((r: object) => ({ ...r, expiresAt: Date.now() - 1000 })),
    })}\n`;
    const corrupt = past.slice(0, Math.floor(past.length / 2));
    writeFileSync(path, corrupt);
    const r = await a.run(['pending']);
    expect(r.code).toBe(1);
    expect(oneErrorLine(r)).toMatch(
      /^pbc: pending: the pending auto-reverts file .*pending\.json is corrupt \(.*\): armed reverts are NOT cancelled, their guards keep running/,
    );
    // from here the guard reads the file through a pipe, one read at a time
    const pipe = join(a.dir, 'pending.pipe');
    execFileSync('mkfifo', [pipe]);
    // put in place in one step (a rename over the file): a guard reading between a removal
    // and a link found no file, i.e. no armed revert, and ended (failed once in a loaded run)
    linkSync(pipe, `${path}.fifo`);
    renameSync(`${path}.fifo`, path);
    // the file readable again: written beside it and renamed over it
    const repair = () => {
      writeFileSync(`${path}.new`, past);
      renameSync(`${path}.new`, path);
    };
    try {
      // past its expiry, the guard reads the corrupt file, cannot tell whether a confirm came …
      await feed(pipe, entry.guardPid, corrupt);
      // … and keeps waiting: it came back to read it again, alive, and reverted nothing
      await feed(pipe, entry.guardPid, corrupt);
      expect(alive(entry.guardPid)).toBe(true);
      expect(hasRule()).toBe(true);
      // repaired while the guard reads the pipe once more: its next read finds the expiry past
      await feed(pipe, entry.guardPid, corrupt, repair);
    } finally {
      // a failed test leaves a regular file too (killGuards reads it; a pipe would block)
      if (lstatSync(path).isFIFO()) repair();
    }
    await until('the rule is reverted', () => !hasRule());
    await until(
      'the entry says reverted',
      async () => (await a.pending())[0]?.state === 'reverted',
    );
  }, 90_000);
});
