// Rules screen figures: keystroke → frame with 4,096 rules (a full TCAM) and 65,536 (a
// stress case) for scrolling and for typing a `/` filter, and the rule editor's
// per-keystroke preview (validation + TCAM cost + shadowing against every rule).
// Target: keystroke → frame ≤ 16 ms. Prints a markdown section for docs/performance.md.
import { execFileSync } from 'node:child_process';
import { bundleInproc, machine, operatorEnv, startChild } from './lib.mjs';

const bundle = () => bundleInproc('rules-inproc.tsx', 'rules-inproc');

/** Keys while a 65,536-rule table is polled from a device in a process of its own. */
async function benchPoll(file, runs) {
  const sim = await bundleInproc('sim-rules.ts', 'sim-rules');
  const out = [];
  for (let i = 0; i < runs; i++) {
    const device = await startChild([sim, '65536'], /(http:\/\/\S+)\n/);
    try {
      out.push(inproc(file, ['poll', device.url]));
    } finally {
      await device.stop();
    }
  }
  return out;
}

function inproc(file, args) {
  const text = execFileSync(process.execPath, [file, ...args], {
    encoding: 'utf8',
    // CI makes Ink (and the harness) render in debug mode: not what an operator gets
    env: operatorEnv(),
    maxBuffer: 1 << 24,
  });
  return JSON.parse(text.trim().split('\n').at(-1));
}

export async function benchRules({ quick = false } = {}) {
  const file = await bundle();
  return {
    keys: inproc(file, ['keys']),
    preview: inproc(file, ['preview']),
    poll: await benchPoll(file, quick ? 1 : 3),
  };
}

const ms = (x) => `${x.toFixed(1)} ms`;
const ok = (x) => (x <= 16 ? '✓' : '✗');

export function rulesSection(r) {
  const keyRows = r.keys
    .flatMap((k) => [
      `| ${k.rules.toLocaleString('en')} | ↓/↑ (200 presses) | ${ms(k.scroll.median)} | ${ms(k.scroll.p95)} | ${ms(k.scroll.max)} | ${ok(k.scroll.median)} | ${ok(k.scroll.p95)} |`,
      `| ${k.rules.toLocaleString('en')} | PgDn/PgUp (50) | ${ms(k.page.median)} | ${ms(k.page.p95)} | ${ms(k.page.max)} | ${ok(k.page.median)} | ${ok(k.page.p95)} |`,
      `| ${k.rules.toLocaleString('en')} | \`/\` filter, type and erase (3 × 20) | ${ms(k.filter.median)} | ${ms(k.filter.p95)} | ${ms(k.filter.max)} | ${ok(k.filter.median)} | ${ok(k.filter.p95)} |`,
    ])
    .join('\n');
  const previewRows = r.preview
    .map(
      (p) =>
        `| ${p.rules.toLocaleString('en')} | ${ms(p.warm.median)} | ${ms(p.warm.p95)} | ${ms(p.afterPollMs)} | ${ms(p.coldMs)} |`,
    )
    .join('\n');
  const pollRows = r.poll
    .map(
      (p, i) =>
        `| ${i + 1} | ${p.rules.toLocaleString('en')} | ${p.polls} | ${p.count} | ${ms(p.keys.median)} | ${ms(p.keys.p95)} | ${ms(p.keys.max)} | ${p.over} | ${(p.shownMs / 1000).toFixed(1)} s |`,
    )
    .join('\n');
  return `### Rules screen: keystroke → frame and editor preview (target ≤ 16 ms)

In-process (Ink rendering into the test harness's fake terminal, 120×40, no frame-rate cap), synthetic rules (\`in_port\`, \`tcp\`, \`tcp_dst\`), ${machine()}. Time from writing the key to stdin until Ink has written the next frame (20 warm-up presses first). The 100-rule rows (a screen full of rows) are the baseline: what any frame of this size costs on this machine, whatever the rule count.

| rules | keys | median | p95 | max | median ≤ 16 ms | p95 ≤ 16 ms |
|---|---|---|---|---|---|---|
${keyRows}

Rule editor, per keystroke: validation, TCAM cost and preview, and shadow analysis against every active rule (\`analyze\`). Matches are normalized once and remembered (per rule object and per match text): the very first keystroke normalizes every rule, the first one after a poll only finds the new rule objects' matches again, later keystrokes reuse everything.

| rules | keystroke median | keystroke p95 | first after a poll | first ever |
|---|---|---|---|---|
${previewRows}

Keys while a big table is polled, as an operator meets it: the console (bundled as above, default
intervals: rules every 5 s) reads a simulated device with 65,536 extra rules that runs in a process
of its own (bench/sim-rules.ts); each answer is ≈ 17 MB of JSON, read, parsed, committed and made
into rows in slices. ↓ ↓ PgDn ↑ ? Esc, one key every 150 ms, from the table first shown until a
second after the third new answer is committed. A frame at Ink's 15 fps is 66.7 ms.

| run | rules | answers | keys | median | p95 | max | keys > 66.7 ms | table shown after \`3\` |
|---|---|---|---|---|---|---|---|---|
${pollRows}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(rulesSection(await benchRules()));
}
