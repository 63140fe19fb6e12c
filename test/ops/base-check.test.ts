/**
 * No lost update (issue 31): a write planned on what the operator saw is refused, with nothing
 * sent, when another operator changed the same rule meanwhile — the three-way text names base,
 * theirs and yours — and `force` sends it anyway, journaled as forced. The check's read is the
 * journal's before-state: one read of the rule table, not two.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.js';
import { ConflictError } from '../../src/ops/conflict.js';
import { executePlan, type Plan } from '../../src/ops/execute.js';
import { installJournal, type Journal } from '../../src/ops/journal.js';
import { JournalFile } from '../../src/ops/journal-file.js';
import { ruleOps } from '../../src/ops/rules.js';
import { seenThrough } from '../../src/ops/seen.js';
import { type SimServer, startSim } from '../../src/sim/server.js';

let sim: SimServer;
let mine: Client;
let theirs: Client;
let journal: Journal;
let tableReads = 0;

beforeAll(async () => {
  sim = await startSim({ port: 0, host: '127.0.0.1', seed: 5 });
  mine = createClient({ url: sim.url });
  theirs = createClient({ url: sim.url });
  const list = mine.rules.list.bind(mine.rules);
  mine.rules.list = () => {
    tableReads++;
    return list();
  };
  journal = installJournal(
    mine,
    { device: sim.url, user: 'admin' },
    new JournalFile(mkdtempSync(join(tmpdir(), 'pbc-base-'))),
  );
  await theirs.rules.add({ priority: 777, match: { in_port: '4' }, actions: ['output:5'] });
});
afterAll(async () => {
  await mine?.close();
  await theirs?.close();
  await sim?.close();
});

const key = { priority: 777, match: { in_port: '4' } };
const named = (name: string) => ({ ...key, actions: ['output:6'], name });
const planOf = (steps: Plan['steps']): Plan => ({ title: 't', steps, notes: [], confirmWord: '' });
const onDevice = async () =>
  (await theirs.rules.list()).rules.find((r) => r.priority === 777)?.name;
const requests = () => journal.file.entries().filter((e) => e.operation === 'rules.modify');

describe('the base check', () => {
  it('sends nothing when the rule changed since it was seen, and says base / theirs / yours', async () => {
    const op = await seenThrough(ruleOps.modify(named('mine')), mine);
    expect(op.base.from).toBe('seen');
    await theirs.rules.modify(named('theirs'));
    const before = requests().length;
    const e = await executePlan({ client: mine }, planOf([op])).catch((x) => x);
    expect(e).toBeInstanceOf(ConflictError);
    expect(e.exitCode).toBe(5);
    const text = e.detail.join('\n');
    expect(text).toMatch(/base: .*"name":""/);
    expect(text).toMatch(/theirs: .*"name":"theirs"/);
    expect(text).toMatch(/yours: +PUT \/rules .*name=mine/);
    expect(await onDevice()).toBe('theirs');
    expect(requests().length).toBe(before);
  });

  it('sends when nothing moved, the check read being the journal before-state', async () => {
    const op = await seenThrough(ruleOps.modify(named('again')), mine);
    tableReads = 0;
    const r = await executePlan({ client: mine }, planOf([op]));
    expect(r.ok).toBe(true);
    expect(await onDevice()).toBe('again');
    // the check (= the journal's before) and the journal's after: not a third read
    expect(tableReads).toBe(2);
    const last = requests().at(-1)!;
    expect(last.base).toBe('seen');
    expect(last.before).toEqual([expect.objectContaining({ name: 'theirs' })]);
    expect(last.forced).toBeUndefined();
  });

  it('with force, sends over their change and journals it as forced', async () => {
    const op = await seenThrough(ruleOps.modify(named('forced')), mine);
    await theirs.rules.modify(named('theirs2'));
    const r = await executePlan({ client: mine, force: true }, planOf([op]));
    expect(r.ok).toBe(true);
    expect(await onDevice()).toBe('forced');
    expect(requests().at(-1)).toMatchObject({ base: 'seen', forced: true });
  });

  it('an add planned while the key was free is refused once someone added it', async () => {
    const k = { priority: 778, match: { in_port: '4' }, actions: ['output:6'] };
    const op = await seenThrough(ruleOps.add({ ...k, name: 'mine' }), mine);
    expect(op.base).toEqual({ from: 'seen', state: [] });
    await theirs.rules.add({ ...k, name: 'theirs' });
    const e = await executePlan({ client: mine }, planOf([op])).catch((x) => x);
    expect(e).toBeInstanceOf(ConflictError);
    expect(e.detail.join('\n')).toContain('base:   (absent)');
  });
});
