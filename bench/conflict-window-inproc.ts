// The window of the base check (issue 31): a write that lands on the device after the
// executor's check read but before its own write cannot be seen. Measured where the device
// sees it: a proxy in front of the simulator stamps the moment the device's answer to the
// check read came back and the moment the write arrived. One rule modified per run, with the
// journal installed as the CLI has it, for rule tables of several sizes.
// `node bench/out/conflict-window-inproc.mjs [runs]` prints one JSON line.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../src/api/index.js';
import { executePlan } from '../src/ops/execute.js';
import { installJournal } from '../src/ops/journal.js';
import { JournalFile } from '../src/ops/journal-file.js';
import { ruleOps } from '../src/ops/rules.js';
import { seenThrough } from '../src/ops/seen.js';
import { startSim } from '../src/sim/server.js';

const runs = Number(process.argv[2] ?? 30);
const stamps: { readDone?: number; window?: number } = {};

/** Forwards to the simulator; stamps the rule table's answer and the write's arrival. */
function proxy(target: string) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    // the write's arrival, after the last answer of the rule table (the check's read)
    if (req.method !== 'GET') stamps.window = performance.now() - stamps.readDone!;
    const r = await fetch(target + req.url!.replace(/^\/rest/, ''), {
      method: req.method!,
      headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    const body = Buffer.from(await r.arrayBuffer());
    if (req.url!.startsWith('/rest/rules/all')) stamps.readDone = performance.now();
    res.writeHead(r.status, { 'content-type': 'application/json' }).end(body);
  });
  return new Promise<{ url: string; close: () => void }>((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      ok({ url: `http://127.0.0.1:${port}/rest`, close: () => server.close() });
    }),
  );
}

const pct = (xs: number[], p: number) => xs.sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;

async function measure(rules: number) {
  const sim = await startSim({ port: 0, host: '127.0.0.1', seed: 3 });
  const admin = createClient({ url: sim.url });
  for (let i = 0; i < rules; i++)
    await admin.rules.add({
      priority: 5000 + i,
      match: { in_port: '2', udp: '', udp_dst: String(i) },
      actions: ['output:3'],
    });
  const p = await proxy(sim.url);
  const client = createClient({ url: p.url });
  installJournal(
    client,
    { device: p.url },
    new JournalFile(mkdtempSync(join(tmpdir(), 'pbc-win-'))),
  );
  const key = { priority: 5000, match: { in_port: '2', udp: '', udp_dst: '0' } };
  const windows: number[] = [];
  for (let i = 0; i < runs; i++) {
    const op = await seenThrough(
      ruleOps.modify({ ...key, actions: ['output:3'], name: `n${i}` }),
      client,
    );
    await executePlan({ client }, { title: 'w', steps: [op], notes: [], confirmWord: '' });
    windows.push(stamps.window!);
  }
  p.close();
  await client.close();
  await admin.close();
  await sim.close();
  return {
    rules: rules + 10,
    median_ms: +pct(windows, 0.5).toFixed(2),
    p95_ms: +pct(windows, 0.95).toFixed(2),
  };
}

const out = [];
for (const n of [0, 1000, 4000]) out.push(await measure(n));
console.log(JSON.stringify({ runs, windows: out }));
