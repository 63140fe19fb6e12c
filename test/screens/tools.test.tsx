/**
 * The Tools screen (issue 30) on the simulator: the overlap example of docs/tools.md, applied
 * with `pbc tools apply`, shows every tool ✓; a hand-added higher rule (priority 30000, untagged
 * HTTPS from port 2 to port 12) makes the APM tool `starved`, and Enter's list names that rule;
 * `t` traces an example packet of the class to the rule that takes it. `W` applies the file's
 * intents from the console: the one confirmation lists each request, `n` sends nothing, `y`
 * sends the compiled band (journaled) and every tool is ✓; a second `W` sends nothing. `G`
 * sends the band guarded, and the guard watches the intents' tool ports too (issue 32).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readPending } from '../../src/guard/pending.js';
import { entriesOf, journalOf } from '../../src/ops/journal.js';
import { pbc } from '../cli/helpers.js';
import { cleanup } from '../harness/render.js';
import { withBuiltGuard } from './built-guard.js';
import { frameLines, type Mounted, mountConsole } from './console.js';

// G arms a guard: the built pbc (dist/cli.js, a private copy) is the guard process
withBuiltGuard();

let m: Mounted | undefined;
afterEach(async () => {
  await m?.close();
  m = undefined;
  cleanup();
});

const OVERLAP = `tools:
  - { name: ids, port: eth-0-9, wants: [ { vlan_id: 1-3 } ] }
  - { name: apm, port: 10, wants: [ { tcp: "" } ] }
  - { name: rec, port: 11, wants: [ { vlan_id: 3-6 } ] }
sources: [1, 2, 3, 4]
`;

/** `:tools`, the file's path, Enter: the Tools screen on that intents file. */
async function openTools(console: Mounted, file: string): Promise<void> {
  await console.ui.press(':');
  for (const ch of 'tools') await console.ui.press(ch);
  await console.ui.press('enter');
  await console.ui.waitFor((x) => x.includes('which file holds the tool intents'), 5000);
  for (const ch of file) await console.ui.press(ch);
  await console.ui.press('enter');
}

const row = (frame: string, tool: string) =>
  frameLines(frame).find((l) => new RegExp(`^.${tool} `).test(l)) ?? '';

describe('the Tools screen', () => {
  it('shows ✓ after tools apply; a higher rule starves apm and Enter names it', async () => {
    m = await mountConsole({
      columns: 100,
      rows: 30,
      sim: { flows: 200 },
      intervals: { rules: 300, groups: 300 },
    });
    const dir = mkdtempSync(join(tmpdir(), 'pbc-tools-screen-'));
    const file = join(dir, 'overlap.yaml');
    writeFileSync(file, OVERLAP);
    const env = { PBC_STATE_DIR: mkdtempSync(join(dir, 'state-')) };
    const cli = (args: string[]) => pbc(['--url', m!.sim.url, ...args], { env });
    const applied = await cli(['tools', 'apply', '-f', file, '--yes']);
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);

    // on the palette: `:tools`
    await openTools(m, file);
    const ok = await m.ui.waitFor((x) => x.includes('3 tools · all ✓'), 15_000);
    for (const tool of ['ids', 'apm', 'rec']) expect(row(ok, tool)).toContain('✓');
    expect(row(ok, 'ids')).toContain('eth-0-9');
    expect(row(ok, 'apm')).toContain('tcp');

    // untagged: only the APM tool wants it
    const thief = await cli(
      'rules add --priority 30000 --match in_port=2 --match tcp --match tcp_dst=443 --match vlan=neg_match --name thief --actions output:12 --yes'.split(
        ' ',
      ),
    );
    expect(thief.code).toBe(0);
    const starved = await m.ui.waitFor((x) => x.includes('1 not ok'), 15_000);
    expect(row(starved, 'apm')).toContain('starved');
    expect(row(starved, 'ids')).toContain('✓');
    expect(row(starved, 'rec')).toContain('✓');

    await m.ui.press('j'); // apm
    await m.ui.waitFor((x) => (frameLines(x).find((l) => l.startsWith('›')) ?? '').includes('apm'));
    await m.ui.press('enter');
    const listed = await m.ui.waitFor((x) => x.includes('classes not delivered as asked'));
    const line = frameLines(listed).find((l) => l.includes('starved in_port=2')) ?? '';
    expect(line).toContain('tcp_dst=443');
    expect(line).toContain("30000 'thief'");

    await m.ui.press('t');
    await m.ui.waitFor((x) => x.includes('Trace a packet'));
    await m.ui.press('enter');
    const traced = await m.ui.waitFor((x) => x.includes('Trace: in_port 2'));
    expect(traced).toContain("forwarded by 'thief' prio 30000");
  }, 60_000);
});

async function writes(sim: Mounted['sim']): Promise<number> {
  const res = await fetch(sim.url.replace(/\/rest$/, '/_sim/status'));
  return ((await res.json()) as { writes: number }).writes;
}

describe('the Tools screen applies the intents (W)', () => {
  it('confirms each request, n sends nothing, y installs the band, a second W sends nothing', async () => {
    m = await mountConsole({ columns: 100, rows: 30, intervals: { rules: 300, groups: 300 } });
    const dir = mkdtempSync(join(tmpdir(), 'pbc-tools-apply-'));
    const file = join(dir, 'overlap.yaml');
    writeFileSync(file, OVERLAP);
    const env = { PBC_STATE_DIR: mkdtempSync(join(dir, 'state-')) };
    const cli = (args: string[]) => pbc(['--url', m!.sim.url, ...args], { env });
    const outside = async () => {
      const res = await fetch(`${m!.sim.url}/rules/all`);
      const { rules } = (await res.json()) as { rules: Record<string, unknown>[] };
      return rules
        .filter((r) => Number(r.priority) < 10000 || Number(r.priority) > 19999)
        .map((r) => JSON.stringify([r.priority, r.match, r.actions, r.name]));
    };
    const before = await outside();

    await m.ui.press('T');
    await m.ui.waitFor((x) => x.includes('which file holds the tool intents'), 5000);
    for (const ch of file) await m.ui.press(ch);
    await m.ui.press('enter');
    await m.ui.waitFor((x) => x.includes('3 tools ·') && x.includes('not ok'), 15_000);
    const w0 = await writes(m.sim);

    await m.ui.press('W');
    const asked = await m.ui.waitFor((x) => x.includes('POST /rules'), 20_000);
    expect(asked).toContain(`Apply the tools of ${file}`);
    expect(asked).toContain('R send, revert in'); // auto-revert offered
    expect(asked).toMatch(/match\[in_port\]=1-4/);
    expect(await writes(m.sim)).toBe(w0);
    await m.ui.press('n');
    await m.ui.waitFor((x) => x.includes('nothing was sent'), 10_000);
    expect(await writes(m.sim)).toBe(w0);

    await m.ui.press('W');
    await m.ui.waitFor((x) => x.includes('POST /rules'), 20_000);
    await m.ui.press('y');
    await m.ui.waitFor((x) => x.includes(`Apply the tools of ${file}: done`), 30_000);
    expect(await writes(m.sim)).toBe(w0 + 12);
    const journal = journalOf(m.current().client);
    expect(journal && entriesOf(journal.file, { device: m.sim.url }).length).toBeGreaterThan(0);
    const ok = await m.ui.waitFor((x) => x.includes('3 tools · all ✓'), 15_000);
    for (const tool of ['ids', 'apm', 'rec']) expect(row(ok, tool)).toContain('✓');
    // the device holds the compiled band, and only it changed
    const checked = await cli(['tools', 'check', '-f', file]);
    expect(checked.code).toBe(0);
    expect(await outside()).toEqual(before);

    await m.ui.press('W');
    await m.ui.waitFor((x) => x.includes('nothing to do'), 20_000);
    expect(await writes(m.sim)).toBe(w0 + 12);
  }, 90_000);
});

const TWO_TOOLS = `tools:
  - { name: ids, port: eth-0-9, wants: [ { vlan_id: 1-3 } ] }
  - { name: apm, port: 10, wants: [ { tcp: "" } ] }
sources: [1, 2, 3, 4]
`;

describe('G on the Tools screen', () => {
  it("sends the band guarded; the guard watches the intents' tool ports", async () => {
    m = await mountConsole({ columns: 100, rows: 30, sim: { flows: 200 } });
    const file = join(mkdtempSync(join(tmpdir(), 'pbc-tools-guard-')), 'tools.yaml');
    writeFileSync(file, TWO_TOOLS);
    await openTools(m, file);
    await m.ui.waitFor((x) => x.includes('2 tools ·') && x.includes('not ok'), 15_000);
    await m.ui.press('W');
    await m.ui.waitFor((x) => x.includes('POST /rules') && x.includes('G guarded'), 20_000);
    await m.ui.press('G');
    await m.ui.waitFor((x) => x.includes('Guarded: watch the traffic for'), 10_000);
    await m.ui.press('enter');
    // the header counts the guarded window down
    await m.ui.waitFor((x) => /GUARDED \d+:\d\d — C keep/.test(x), 30_000);
    const [entry] = readPending().filter((r) => r.device === m!.sim.url && r.state === 'pending');
    // ids on eth-0-9 and apm on port 10, watched whichever rules the band's change touches
    expect(entry?.health?.spec.toolPorts).toEqual([9, 10]);
    // C keeps the change: the header's countdown ends
    await m.ui.press('C');
    await m.ui.waitFor((x) => !x.includes('GUARDED'), 30_000);
  }, 90_000);
});
