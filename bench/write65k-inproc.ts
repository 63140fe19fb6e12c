// One rule write (a modify: the table is past the TCAM, an add is refused; it reads what an
// add reads) on a 65,536-rule device, as the console sends it (strict journal, store, poller
// holding the rule table): wall time and bytes read from the device. `held` = the executor
// with the store (the journal's states from what the console holds and the poller's refresh);
// `unheld` = the same executor without the store, which reads as pbc did before issue 28 item 6
// (the journal read the whole table before and after the write, then the poller read it again).
// `node bench/out/write65k-inproc.mjs URL held|unheld` prints one JSON line.
import diagnostics from 'node:diagnostics_channel';
import { mkdtempSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../src/api/index.js';
import { executePlan } from '../src/ops/execute.js';
import { installJournal } from '../src/ops/journal.js';
import { JournalFile } from '../src/ops/journal-file.js';
import { ruleOps } from '../src/ops/rules.js';
import { seenThrough } from '../src/ops/seen.js';
import { shownClient } from '../src/ops/shown-client.js';
import { Poller } from '../src/store/poller.js';
import { createConsoleStore } from '../src/store/store.js';

const [url, mode] = [process.argv[2]!, process.argv[3] ?? 'held'];
const sockets: Socket[] = [];
diagnostics.subscribe('net.client.socket', (m) => sockets.push((m as { socket: Socket }).socket));
const bytesRead = () => sockets.reduce((n, s) => n + s.bytesRead, 0);

let tableReads = 0;
const client = createClient({
  url,
  timeoutMs: 60_000,
  onLog: (e) => {
    if (e.method === 'GET' && e.url.startsWith('/rules/all')) tableReads++;
  },
});
installJournal(client, { device: url }, new JournalFile(mkdtempSync(join(tmpdir(), 'pbc-bench-'))));
const store = createConsoleStore();
const poller = new Poller(client, store);
await poller.refreshNow(['rules']); // the Rules screen holds the table already
const modify = ruleOps.modify({
  priority: 100,
  match: { in_port: '1', tcp: '', tcp_dst: '0' },
  actions: ['output:10'],
  name: 'rule-0',
});
// `checked`: as the console sends it since issue 31 — its base from the table the store
// holds, checked against the device right before sending (one more table read)
const step = mode === 'checked' ? await seenThrough(modify, shownClient(client, store)) : modify;
const [reads0, bytes0, t0] = [tableReads, bytesRead(), performance.now()];
const result = await executePlan(
  { client, poller, ...(mode !== 'unheld' ? { store } : {}) },
  {
    title: 'add',
    steps: [step],
    notes: [],
    confirmWord: '',
  },
);
const ms = performance.now() - t0;
poller.stop();
await client.close();
process.stdout.write(
  `${JSON.stringify({ mode, ok: result.ok, ms, bytes: bytesRead() - bytes0, tableReads: tableReads - reads0 })}\n`,
);
