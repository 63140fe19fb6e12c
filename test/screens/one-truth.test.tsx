/**
 * One fixture, every screen that shows a figure (issue 28, "one derivation per fact"): the
 * header, the Overview, the Ports list, a port's detail and the Rules screen must say the
 * same TCAM %, the same line-rate % for a port and the same count of ports erroring now —
 * and never a rate above the line rate without a mark that says why.
 *
 * The store holds one device's answers (a simulator read once, then two /ports/stats samples
 * a second apart built by hand: one 10G port measured at 10.4 Gb/s, three ports counting
 * errors, four only drops); the console is pointed at a server that never answers, so no
 * answer replaces them and every screen reads the same numbers.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { lineRateBps, type PortStats } from '../../src/model/index.js';
import { startSim } from '../../src/sim/server.js';
import { fetchers } from '../../src/store/resources.js';
import { commitSuccess, createConsoleStore } from '../../src/store/store.js';
import { mountTestConsole } from '../harness/console.js';
import { cleanup } from '../harness/render.js';

afterEach(() => cleanup());

const ERRS = 3;
const DROPS = 4;

/** The second sample: every port moved a little; `hot` sends 1.3 GB in the second. */
function later(s0: readonly PortStats[], hot: string, errs: string[], drops: string[]) {
  return s0.map((s) => ({
    ...s,
    rxbytes: s.rxbytes + 1_000_000n,
    txbytes: s.txbytes + (s.portnum === hot ? 1_300_000_000n : 500_000n),
    rxpkts: s.rxpkts + 1000n,
    txpkts: s.txpkts + (s.portnum === hot ? 1_000_000n : 500n),
    rxerrs: s.rxerrs + (errs.includes(s.portnum) ? 5n : 0n),
    txdrop: s.txdrop + (drops.includes(s.portnum) ? 7n : 0n),
  }));
}

/** A server that takes requests and never answers them. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(() => {});
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rest`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The one figure a frame shows for `re`'s first group; fails when it is not there. */
function figure(frame: string, re: RegExp, where: string): string {
  const m = re.exec(frame);
  if (!m) throw new Error(`${where}: no ${re} in\n${frame}`);
  return m[1]!;
}

describe('one truth per figure', () => {
  it('header, Overview, Ports, port detail and Rules agree on TCAM %, line-rate % and erroring now', async () => {
    const sim = await startSim({ port: 0, host: '127.0.0.1', seed: 7 });
    const device = createClient({ url: sim.url });
    const store = createConsoleStore();
    const silent = await silentServer();
    try {
      const f = fetchers(undefined);
      const now = Date.now();
      for (const k of ['identity', 'access', 'settings', 'system', 'environment'] as const)
        commitSuccess(store, k, await f[k](device), now);
      commitSuccess(store, 'info', await device.ports.info(), now);
      commitSuccess(store, 'config', await device.ports.config(), now);
      commitSuccess(store, 'rules', await f.rules(device), now);
      commitSuccess(store, 'groups', await device.groups.list(), now);
      // 21 of 4096 flows: 0.5 %, which one screen rounded to 1 % and the others to 0 %
      commitSuccess(store, 'flows', { used_flows: 21, maximum_flows: 4096 }, now);
      const info = store.getState().resources.info.data!;
      const ten = info.filter((p) => p.link_status === 'LINK_UP' && lineRateBps(p.speed) === 10e9);
      const hot = ten[0]!;
      const others = info.filter((p) => p !== hot).map((p) => p.port_no);
      const errs = others.slice(0, ERRS);
      const drops = others.slice(ERRS, ERRS + DROPS);
      const s0 = await device.ports.stats();
      commitSuccess(store, 'stats', s0, now - 1000);
      commitSuccess(store, 'stats', later(s0, hot.port_no, errs, drops), now);

      const { ui, close } = await mountTestConsole({
        // a device that never answers: the screens' own requests change nothing
        // polled once a minute, so the answers stay fresh (not stale) for the whole test
        settings: {
          url: silent.url,
          timeoutMs: 60_000,
          intervals: { stats: 60_000, flows: 60_000, rules: 60_000 },
          readonly: true,
          insecure: false,
          demo: true,
        },
        store,
        poll: false,
        columns: 100,
        rows: 45,
      });
      try {
        // Overview: the header, the TCAM gauge, the top talker, the erroring count
        const ov = await ui.waitFor((x) => x.includes('Top talkers') && x.includes(hot.if_name));
        const header = figure(ov, /TCAM 21\/4096 \((\S+?)%\)/, 'header');
        const overviewTcam = figure(ov, /flows \[[█·]+\]\s+(\S+) %/, 'Overview TCAM gauge');
        const talker = figure(ov, new RegExp(`${hot.if_name}\\s+(\\S+%\\+?) rx`), 'top talker');
        const overviewErr = figure(ov, /Errors\/drops now: (\d+) ports/, 'Overview');
        expect(talker).toBe('100%+'); // 10.4 Gb/s on a 10G line: at the line, marked
        expect(ov).not.toMatch(/\b1[01]\.\dG(?!\+)/); // no unmarked rate above 10G

        // Ports list: the count above the table, the rows marked !, the port's LINE%
        await ui.press('2');
        const ports = await ui.waitFor((x) => x.includes('sorted by') && x.includes(hot.if_name));
        const portsErr = figure(ports, /! (\d+) erroring now/, 'Ports');
        const marked = ports.split('\n').filter((l) => /! (err|drop)\b/.test(l)).length;
        const row = ports.split('\n').find((l) => l.includes(`${hot.if_name} `))!;
        expect(row).toContain(talker);
        expect(row).not.toMatch(/\b1\d\d%(?!\+)/); // never 104 %

        // the port's detail
        await ui.press(':');
        await ui.press(`port ${hot.if_name}`);
        await ui.press('enter');
        const detail = await ui.waitFor((x) => x.includes(`${hot.if_name} (port`));
        const detailShare = figure(detail, /line rate\s+\[[█·]+\] (\S+) of/, 'port detail');
        expect(detail).toContain('+ measured above the line rate');

        // Rules: the TCAM gauge
        await ui.press('escape');
        await ui.press('3');
        const rules = await ui.waitFor((x) => /TCAM 21\/4096 \[/.test(x));
        const rulesTcam = figure(rules, /TCAM 21\/4096 \[[█·]+\]\s+(\S+) %/, 'Rules gauge');

        expect({ overviewTcam, rulesTcam }).toEqual({ overviewTcam: header, rulesTcam: header });
        expect(header).toBe('<1');
        expect(detailShare).toBe(talker);
        expect(Number(portsErr)).toBe(ERRS + DROPS);
        expect(marked).toBe(ERRS + DROPS);
        expect(Number(overviewErr)).toBe(ERRS + DROPS);
      } finally {
        await close();
      }
    } finally {
      await device.close();
      await sim.close();
      await silent.close();
    }
  }, 20000);
});
