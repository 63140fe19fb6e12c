/**
 * The CLI half of the confirmation walk (issue 28): every write command of the tree, run on a
 * terminal, asks before it sends anything, and its question shows exactly what it then sends
 * — one `Sends …` line per request, each the operation's own describe() (src/ops/sends.ts,
 * the text the console's confirmation shows). What was sent is read from the change journal,
 * which records each request as the transport sent it. A write command without an invocation
 * in writes.ts, a write sent before the answer, a write sent without a question, or a question
 * whose text differs from the requests sent fails here.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import stripAnsi from 'strip-ansi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../src/api/index.js';
import { buildProgram } from '../../src/commands/program.js';
import { describeRequest, type Operation } from '../../src/ops/operation.js';
import { sendsLine } from '../../src/ops/sends.js';
import { type CliSim, json, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';
import { hasScript, onPty, type PtyStep } from './pty.js';
import { until } from './revert-helpers.js';
import { NOT_ASKING, writeCommands, writeInvocations } from './writes.js';

let s: CliSim;
const dir = mkdtempSync(join(tmpdir(), 'pbc-confirm-walk-'));
const state = join(dir, 'state');
const WRITES = writeInvocations(dir);

beforeAll(async () => {
  if (hasScript) s = inProcess(await startCliSim());
});
afterAll(() => s?.close());

const writesOnDevice = async (): Promise<number> => (await s.control('/_sim/status')).writes;

/** The request lines the journal recorded, in order (as the transport sent them, secrets ***). */
const journalLines = (): { request: ApiRequest; operation: string; base?: string }[] => {
  let text = '';
  try {
    text = readFileSync(join(state, 'journal.jsonl'), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l))
    .filter((l) => l.type === 'request');
};
const journaled = (): ApiRequest[] => journalLines().map((l) => l.request);

/**
 * Issue 31: every write carries the base the executor checked before sending it — what the
 * plan was made from (`seen`: apply -f, tools apply, whose plans read the device), the
 * executor's own read (`send`: a write built from its arguments) or nothing readable (`none`).
 */
function expectBases(path: string, lines: { operation: string; base?: string }[]) {
  for (const l of lines) {
    expect(['seen', 'send', 'none'], `${path}: ${l.operation} sent without a base`).toContain(
      l.base,
    );
    if (path === 'apply' || path === 'tools apply')
      expect(l.base, `${path}: planned from a read`).toBe('seen');
  }
}

/** The confirmation line of a request as sent: the same function the question uses. */
const sends = (request: ApiRequest) =>
  sendsLine({ describe: () => describeRequest(request) } as Operation);

/** The text pbc showed up to its [y/N], and the `Sends …` lines in it. */
function question(out: string): { text: string; sends: string[] } {
  const text = stripAnsi(out).split('[y/N]')[0] ?? '';
  return { text, sends: text.split('\n').filter((l) => l.startsWith('Sends ')) };
}

describe.skipIf(!hasScript)('every CLI write on a terminal', () => {
  it("asks before anything is sent, showing each request as its operation's describe()", async () => {
    const covered = new Set(WRITES.map(([p]) => p));
    expect(
      writeCommands().filter((p) => !covered.has(p)),
      'write commands without an invocation in writes.ts',
    ).toEqual([]);
    let pid = '';
    for (const [path, args, , input] of WRITES) {
      if (NOT_ASKING.has(path)) continue;
      const argv = args.map((a) => (a === '<pid>' ? pid : a)).filter((a) => a !== '--yes');
      const sentBefore = await writesOnDevice();
      const journalBefore = journaled().length;
      let atQuestion: number | undefined;
      const steps: PtyStep[] = [];
      // a secret from "stdin" is asked for, hidden, on a terminal
      if (input !== undefined)
        steps.push({ waitFor: /(password|secret): /, input: input.replace('\n', '\r') });
      steps.push({
        waitFor: '[y/N]',
        before: async () => {
          atQuestion = await writesOnDevice();
        },
        input: 'y\r',
      });
      const r = await onPty(['--url', s.url, ...argv], steps, { PBC_STATE_DIR: state });
      const what = `${argv.join(' ')}: ${stripAnsi(r.out).slice(-600)}`;
      expect(r.code, what).toBe(0);
      expect(r.unanswered, `${path} did not ask`).toBe(0);
      expect(atQuestion, `${path} sent a write before the answer`).toBe(sentBefore);
      expect(await writesOnDevice(), `${path}: writes reaching the device`).toBe(sentBefore + 1);
      const sent = journaled().slice(journalBefore);
      expect(sent.length, `${path}: journaled requests`).toBe(1);
      expect(question(r.out).sends, `${path}: the question's Sends lines`).toEqual(sent.map(sends));
      expectBases(path, journalLines().slice(journalBefore));
      if (path === 'apps start') pid = String(json(await s.run(['get', 'running']))[0].pid);
    }
  }, 400_000);

  it('answering no sends nothing, whatever the write', async () => {
    // the walk above ends with `device reboot`: rules add reads the rules before it asks
    await until('the device back from its reboot', async () => {
      return !(await s.control('/_sim/status')).rebooting;
    });
    const sentBefore = await writesOnDevice();
    for (const argv of [
      ['device', 'name', 'never'],
      ['savepoint', 'create', 'never'],
      ['rules', 'add', '--priority', '9', '--match', 'in_port=9', '--actions', 'output:2'],
    ]) {
      const r = await onPty(['--url', s.url, ...argv], [{ waitFor: '[y/N]', input: 'n\r' }]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(stripAnsi(r.out)).toContain('not confirmed; nothing was changed');
      expect(question(r.out).sends.length, argv.join(' ')).toBe(1);
    }
    expect(await writesOnDevice()).toBe(sentBefore);
  }, 60_000);
});

describe('--revert-after', () => {
  it('every write command of the tree takes it (its recipe comes from the operations)', () => {
    const leaves = (cmd: Command, path: string[] = []): [string, Command][] =>
      cmd.commands.flatMap((c) => {
        const p = [...path, c.name()];
        return c.commands.length === 0 ? [[p.join(' '), c] as [string, Command]] : leaves(c, p);
      });
    const byPath = new Map(leaves(buildProgram()));
    const writes = writeCommands().filter((p) => !NOT_ASKING.has(p));
    expect(writes.length).toBeGreaterThan(40);
    for (const path of writes)
      expect(
        byPath.get(path)?.options.map((o) => o.long),
        path,
      ).toContain('--revert-after');
  });
});
