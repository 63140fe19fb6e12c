/**
 * `pbc diff -f` on the simulator shows the TCAM flow count before → after of the maximum and
 * the traffic impact of the rule steps against today's rule rates: a deleted rule's traffic
 * is no longer sent, a new rule above another takes up to that rule's rate, and the ports
 * show the change with its sign (the new rule's output gains, the old one's loses).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.js';
import { type CliSim, json, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

let s: CliSim;
let client: Client;
const dir = mkdtempSync(join(tmpdir(), 'pbc-diff-impact-'));
const G = 1e9;

async function until<T>(what: string, get: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await get();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`still not: ${what}`);
}

beforeAll(async () => {
  s = inProcess(await startCliSim());
  client = createClient({ url: s.url });
  await client.rules.removeAll();
  await client.rules.add({
    priority: 100,
    match: { in_port: '5' },
    actions: ['output:9'],
    name: 'base',
  });
  await client.rules.add({
    priority: 90,
    match: { in_port: '6' },
    actions: ['output:10'],
    name: 'gone',
  });
  // 4 Gbit/s of SMB on eth-0-5, on top of its profile traffic: 'base' sends it to eth-0-9
  await s.control('/_sim/flows', { in_port: 5, protocol: 'tcp', dst_port: 445, bps: 4e9 });
}, 60_000);
afterAll(async () => {
  await client?.close();
  await s?.close();
});

/** `4.06Gb/s` → 4.06e9. */
const bps = (text: string) => {
  const m = /^([\d.]+)([kMG]?)b\/s$/.exec(text);
  if (!m) throw new Error(`not a rate: ${text}`);
  return Number(m[1]) * ({ '': 1, k: 1e3, M: 1e6, G: 1e9 } as Record<string, number>)[m[2]!]!;
};

describe('pbc diff: TCAM and traffic impact', () => {
  it('shows the TCAM flows before → after of the maximum, and the impact with sensible values', async () => {
    const rate = (name: string) => async () => {
      const r = (await client.rules.list()).rules.find((x) => x.name === name);
      return r?.datarate_raw && r.datarate_raw > 0 ? r.datarate_raw : undefined;
    };
    const base = await until('base carries the SMB flow', async () => {
      const v = await rate('base')();
      return v !== undefined && v >= 4 * G ? v : undefined;
    });
    await until('gone carries traffic', rate('gone'));
    const team = join(dir, 'team.yaml');
    writeFileSync(
      team,
      `rules:
  - { priority: 100, name: base, match: { in_port: 5 }, actions: [output:9] }
  - { priority: 200, name: smb, match: { in_port: 5, tcp: '', tcp_dst: 445 }, actions: [output:16] }
  - { priority: 50, name: span, match: { in_port: 1-3 }, actions: [output:11] }
`,
    );
    const used = (await client.device.flowNumbers()).used_flows;
    const r = await s.run(['diff', '-f', team, '--prune', '-o', 'table']);
    expect(r.code, r.stderr).toBe(1);
    const lines = r.stdout.split('\n');
    // smb 1 entry + span 3 (in_port 1-3) − gone 1
    expect(lines).toContain(`TCAM flows: ${used} → ${used + 3} of 4096`);
    const at = lines.indexOf('traffic impact (each rule change against today’s rates):');
    expect(at, r.stdout).toBeGreaterThan(
      lines.indexOf(`TCAM flows: ${used} → ${used + 3} of 4096`),
    );
    const impact = lines.slice(at + 1).filter((l) => l.startsWith('  '));
    const gone = impact.find((l) => l.startsWith("  'gone' deleted: "));
    expect(gone, r.stdout).toMatch(/^ {2}'gone' deleted: its \S+ is no longer sent$/);
    expect(bps(/its (\S+)/.exec(gone!)![1]!)).toBeGreaterThan(0);
    // smb may take anything from none to all of base's traffic (its share is not measured)
    const smb = impact.find((l) => l.startsWith("  'smb': "));
    const taken = /^ {2}'smb': takes 0–(\S+) from 'base' \(part\)$/.exec(smb ?? '');
    expect(taken, r.stdout).not.toBeNull();
    const hi = bps(taken![1]!);
    expect(hi).toBeGreaterThan(0.9 * base);
    expect(hi).toBeLessThan(2 * base);
    expect(impact).toContain("  'span': takes no measured traffic from other rules");
    // the ports, with the sign of the change: smb's output gains, base's and gone's lose
    expect(impact.find((l) => l.startsWith('  eth-0-16: '))).toMatch(
      /^ {2}eth-0-16: \+0\.0–[\d.]+ Gbit\/s of 10G$/,
    );
    expect(impact.find((l) => l.startsWith('  eth-0-9: '))).toMatch(
      /^ {2}eth-0-9: −0\.0–[\d.]+ Gbit\/s of 1G$/,
    );
    expect(impact.find((l) => l.startsWith('  eth-0-10: '))).toMatch(
      /^ {2}eth-0-10: −[\d.]+ [MG]bit\/s of 1G$/,
    );
    expect(impact.some((l) => l.startsWith('  eth-0-11: '))).toBe(false);
    // the same, as data
    const data = json(await s.run(['diff', '-f', team, '--prune', '-o', 'json']));
    expect(data.flows).toEqual({ before: used, after: used + 3, maximum: 4096 });
    expect(data.impact.rules).toHaveLength(3);
    expect(data.impact.ports.map((p: string) => p.split(':')[0]).sort()).toEqual([
      'eth-0-10',
      'eth-0-16',
      'eth-0-9',
    ]);
  }, 90_000);
});
