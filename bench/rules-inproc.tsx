// In-process Rules screen measurements, bundled by bench/rules.mjs with esbuild:
//   keys      — keystroke → frame on the Rules screen with 100 (baseline), 4,096 and 65,536
//               synthetic rules: scrolling
//               (↓/↑, PgDn) and typing a `/` filter
//   poll URL  — keystroke → frame on the Rules screen while a big table is polled at the
//               default interval from a device in another process (bench/sim-rules.ts): the
//               request, the 17 MB answer parsed, committed and made into rows, as an operator
//               meets them
//   preview N — the rule editor's per-keystroke analysis (validation, TCAM preview,
//               shadowing against N rules): first ever (every match normalized), first
//               after a poll (new rule objects sharing the last poll's matches, as
//               src/store/share-rules.ts makes them) and warm
import type { Rule } from '../src/model/index.js';
import { deviceView } from '../src/screens/device-view.js';
import { analyze } from '../src/screens/rules/analysis.js';
import { newRuleForm } from '../src/screens/rules/editor-state.js';
import { ruleSharer } from '../src/store/share-rules.js';
import { commitSuccess, createConsoleStore } from '../src/store/store.js';
import { LARGE_RULE_TABLE, startMemoryPolicy } from '../src/tui/memory.js';
import { mountTestConsole } from '../test/harness/console.js';

/** Times the 20-key filter sequence is typed (60 keys). */
const FILTER_ROUNDS = 3;

const session = { url: 'http://bench.invalid/rest', readonly: false, insecure: false, demo: true };

function syntheticRules(n: number): Rule[] {
  return Array.from({ length: n }, (_, i) => ({
    cookie: BigInt(i + 1),
    name: `rule-${i}`,
    description: '',
    priority: 100 + (i % 500),
    match: { in_port: String((i % 28) + 1), tcp: '', tcp_dst: String(i % 65536) },
    actions: [`output:${(i % 4) + 9}`],
    n_packets: BigInt(i * 13),
    n_bytes: BigInt(i * 9000),
    datarate: '',
    datarate_raw: i * 100,
    real_flow_ct: 1,
  }));
}

async function startProfile(): Promise<(file: string) => Promise<void>> {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return async (file) => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

const stats = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return {
    median: s[Math.floor(s.length / 2)]!,
    p95: s[Math.floor(s.length * 0.95)]!,
    max: s.at(-1)!,
  };
};

async function keys(n: number) {
  const store = createConsoleStore();
  // as the console does (src/tui/main.ts)
  const stopPolicy = startMemoryPolicy({
    large: () => (store.getState().resources.rules.data?.rules.length ?? 0) > LARGE_RULE_TABLE,
  });
  const rules = syntheticRules(n);
  commitSuccess(store, 'rules', { rules, used_flows: n }, 0);
  commitSuccess(store, 'flows', { used_flows: n, maximum_flows: 4096 }, 0);
  commitSuccess(store, 'access', { uac: false, level: null }, 0);
  commitSuccess(store, 'groups', [], 0);
  // the poller is not started: data is fed directly
  const mounted = await mountTestConsole({
    settings: session,
    store,
    screen: 'rules',
    poll: false,
    columns: 120,
    rows: 40,
  });
  const ui = mounted.ui;
  await ui.waitFor((f) => f.includes('rule-') && f.includes('PRIO'), 30_000);
  const press = async (key: string) => {
    const before = ui.frames.length;
    const t0 = performance.now();
    ui.write(key);
    while (ui.frames.length === before) {
      if (performance.now() - t0 > 2000) throw new Error(`no frame after ${JSON.stringify(key)}`);
      await new Promise((r) => setImmediate(r));
    }
    const ms = performance.now() - t0;
    // as a typist would: let React run its effects (the frame re-subscribes its key handler)
    await new Promise((r) => setTimeout(r, 5));
    return ms;
  };
  for (let i = 0; i < 20; i++) await press(i % 2 ? '\u001B[A' : '\u001B[B'); // warm-up, not counted
  const scroll: number[] = [];
  for (let i = 0; i < 200; i++) scroll.push(await press(i % 50 < 25 ? '\u001B[B' : '\u001B[A'));
  const page: number[] = [];
  for (let i = 0; i < 50; i++) page.push(await press(i % 2 ? '\u001B[5~' : '\u001B[6~'));
  await press('/');
  // BENCH_PROFILE_FILTER=file.cpuprofile: a CPU profile of the filter keystrokes alone
  const profiler = process.env.BENCH_PROFILE_FILTER ? await startProfile() : undefined;
  if (profiler)
    process.stderr.write(
      `heap in use: ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB\n`,
    );
  const filter: number[] = [];
  // each character narrows (or widens, on Backspace) the filter over all columns; the
  // 20-key sequence is typed FILTER_ROUNDS times so that p95 is not simply the slowest key
  const BS = '\u007F';
  const sequence = [
    'r',
    'u',
    'l',
    'e',
    '-',
    '1',
    '2',
    BS,
    BS,
    BS,
    BS,
    BS,
    BS,
    BS,
    't',
    'c',
    'p',
    BS,
    BS,
    BS,
  ];
  for (let round = 0; round < FILTER_ROUNDS; round++)
    for (const k of sequence) filter.push(await press(k));
  await profiler?.(process.env.BENCH_PROFILE_FILTER!);
  // BENCH_VERBOSE=1: every filter keystroke's time, in typing order, on stderr
  if (process.env.BENCH_VERBOSE)
    process.stderr.write(`filter ${n}: ${filter.map((t) => t.toFixed(1)).join(' ')}\n`);
  await press('\u001B');
  await mounted.close();
  stopPolicy();
  return { rules: n, scroll: stats(scroll), page: stats(page), filter: stats(filter) };
}

/**
 * Keys on the Rules screen over POLLS answers of the device at `url` (default intervals):
 * ↓ ↓ PgDn ↑ ? Esc, one every 150 ms, from the table first shown until a second after the
 * POLLS-th new answer is committed.
 */
async function poll(url: string) {
  const POLLS = 3;
  const store = createConsoleStore();
  const stopPolicy = startMemoryPolicy({
    large: () => (store.getState().resources.rules.data?.rules.length ?? 0) > LARGE_RULE_TABLE,
  });
  const mounted = await mountTestConsole({ settings: { url }, store, columns: 120, rows: 40 });
  const ui = mounted.ui;
  await ui.waitFor((f) => f.includes('Fans'), 30_000);
  const t = performance.now();
  ui.write('3');
  await ui.waitFor((f) => /\d{5} rules/.test(f) && f.includes('rule-'), 60_000);
  const shownMs = performance.now() - t;
  const rules = store.getState().resources.rules.data?.rules.length ?? 0;
  const keys = ['\u001B[B', '\u001B[B', '\u001B[6~', '\u001B[A', '?', '\u001B'];
  const times: number[] = [];
  const rulesAt = () => store.getState().resources.rules.updatedAt ?? 0;
  let last = rulesAt();
  let commits = 0;
  let lastCommit = 0;
  for (let i = 0; commits < POLLS || performance.now() - lastCommit < 1000; i++) {
    if (rulesAt() !== last) {
      last = rulesAt();
      commits++;
      lastCommit = performance.now();
    }
    const before = ui.frames.length;
    const t0 = performance.now();
    ui.write(keys[i % keys.length]!);
    while (ui.frames.length === before) {
      if (performance.now() - t0 > 10_000) throw new Error('no frame after a key');
      await new Promise((r) => setImmediate(r));
    }
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 150));
  }
  await mounted.close();
  stopPolicy();
  const over = times.filter((x) => x > 1000 / 15).length;
  return { rules, shownMs, polls: commits, keys: stats(times), count: times.length, over };
}

function preview(n: number) {
  const rules = syntheticRules(n);
  const device = deviceView({
    rules: { rules, used_flows: n },
    flows: { used_flows: n, maximum_flows: 4096 },
  });
  const form = (i: number) => {
    const f = newRuleForm('add');
    return {
      ...f,
      priority: { text: '300', cursor: 3 },
      match: [
        { id: 90, field: { text: 'in_port', cursor: 0 }, value: { text: '1,2', cursor: 0 } },
        { id: 91, field: { text: 'tcp', cursor: 0 }, value: { text: '', cursor: 0 } },
        {
          id: 92,
          field: { text: 'tcp_dst', cursor: 0 },
          value: { text: `1000-${1000 + (i % 999)}`, cursor: 0 },
        },
      ],
      actions: [{ id: 93, text: { text: 'output:10', cursor: 0 } }],
    };
  };
  const t0 = performance.now();
  analyze(form(0), device);
  const cold = performance.now() - t0;
  // the next poll brings new rule objects (counters moved), shared with the last poll's as
  // the console shares them (src/store/share-rules.ts): each keeps its old match object
  const share = ruleSharer(rules);
  const again = syntheticRules(n).map((r) => {
    r.n_packets += 1n;
    return share ? share(r) : r;
  });
  const next = deviceView({
    rules: { rules: again, used_flows: n },
    flows: { used_flows: n, maximum_flows: 4096 },
  });
  const t1 = performance.now();
  analyze(form(0), next);
  const afterPoll = performance.now() - t1;
  const warm: number[] = [];
  for (let i = 1; i <= 100; i++) {
    const t = performance.now();
    analyze(form(i), next);
    warm.push(performance.now() - t);
  }
  return { rules: n, coldMs: cold, afterPollMs: afterPoll, warm: stats(warm) };
}

const what = process.argv[2];
if (what === 'poll') {
  process.stdout.write(`${JSON.stringify(await poll(process.argv[3]!))}\n`);
  process.exit(0);
}
// 100 rules (a full screen of rows) is the baseline: what such a frame costs at all
const sizes = what === 'keys' ? [100, 4096, 65_536] : [4096, 65_536];
const result = [];
for (const n of process.env.RULES_BENCH_N ? [Number(process.env.RULES_BENCH_N)] : sizes)
  result.push(what === 'keys' ? await keys(n) : preview(n));
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
