// In-process TUI measurements, bundled by bench/tui.mjs with esbuild:
//   keys   — keystroke → frame on Ports with N synthetic ports
//   rss    — RSS over 10,000 accelerated poll cycles against the simulator
//   reqs   — device requests per second per screen at the default intervals

import { EventEmitter } from 'node:events';
import { render } from 'ink';
import { createClient } from '../src/api/index.js';
import type { PortConfig, PortInfo, PortStats } from '../src/model/index.js';
import { startSim } from '../src/sim/server.js';
import { Poller } from '../src/store/poller.js';
import { DEFAULT_INTERVALS, type ResourceKey } from '../src/store/resources.js';
import { commitSuccess, createConsoleStore } from '../src/store/store.js';
import { createConsole } from '../src/tui/create-console.js';
import type { ScreenId } from '../src/tui/keymap.js';
import { LARGE_RULE_TABLE, startMemoryPolicy } from '../src/tui/memory.js';
import { SCREEN_VIEWS } from '../src/tui/screens.js';
import { mountTestConsole } from '../test/harness/console.js';
import { ageStats } from '../test/harness/device-fixtures.js';

const session = { url: 'http://bench.invalid/rest', readonly: false, insecure: false, demo: true };

function syntheticPorts(n: number) {
  const info: PortInfo[] = [];
  const config: PortConfig[] = [];
  const stats = (k: bigint): PortStats[] =>
    info.map((p, i) => ({
      portnum: p.port_no,
      rxpkts: k * BigInt(i + 1) * 1000n,
      rxbytes: k * BigInt(i + 1) * 1_000_000n,
      rxdrop: 0n,
      rxerrs: 0n,
      rxframe: 0n,
      rxover: 0n,
      rxcrc: 0n,
      txpkts: k * 900n,
      txbytes: k * 900_000n,
      txdrop: 0n,
      txerrs: 0n,
      txcoll: 0n,
    }));
  for (let i = 1; i <= n; i++) {
    info.push({
      port_no: String(i),
      if_name: `eth-${Math.floor(i / 48)}-${i % 48}`,
      admin_status: 'PORT_UP',
      link_status: 'LINK_UP',
      duplex: 'full (auto)',
      mac_addr: '00:00:00:00:00:00',
      speed: '10G (10G)',
    });
    config.push({
      if_name: `eth-${Math.floor(i / 48)}-${i % 48}`,
      type: 5,
      speed: '10G',
      duplex: 'full',
      split: 'default',
      shutdown: false,
    });
  }
  return { info, config, stats };
}

async function keys(ports: number, presses = 200) {
  const store = createConsoleStore();
  // as the console does (src/tui/main.ts)
  const stopPolicy = startMemoryPolicy({
    large: () => (store.getState().resources.rules.data?.rules.length ?? 0) > LARGE_RULE_TABLE,
  });
  const { info, config, stats } = syntheticPorts(ports);
  commitSuccess(store, 'info', info, 0);
  commitSuccess(store, 'config', config, 0);
  for (let k = 1n; k <= 30n; k++) commitSuccess(store, 'stats', stats(k), Number(k) * 2000);
  // the poller is not started: data is fed directly
  const mounted = await mountTestConsole({
    settings: session,
    store,
    screen: 'ports',
    poll: false,
    columns: 120,
    rows: 40,
  });
  const ui = mounted.ui;
  await ui.waitFor((f) => f.includes('PORT'));
  const times: number[] = [];
  for (let i = 0; i < presses; i++) {
    const before = ui.frames.length;
    const t0 = performance.now();
    ui.write(i % 50 < 25 ? '\u001B[B' : '\u001B[A');
    while (ui.frames.length === before) await new Promise((r) => setImmediate(r));
    times.push(performance.now() - t0);
  }
  await mounted.close();
  stopPolicy();
  times.sort((a, b) => a - b);
  return {
    ports,
    median: times[Math.floor(times.length / 2)]!,
    p95: times[Math.floor(times.length * 0.95)]!,
  };
}

/**
 * RSS over accelerated poll cycles. One cycle = every resource of the shown screen (and
 * the header) answered once. Answers are real simulator answers taken once, then aged
 * in memory (counters advance, new log lines arrive) so 10,000 cycles take seconds, not
 * hours; the console mounts and renders throughout.
 */
async function rss(cycles = 10_000) {
  const sim = await startSim({ port: 0 });
  const client = createClient({ url: sim.url });
  const store = createConsoleStore();
  // as the console does (src/tui/main.ts)
  const stopPolicy = startMemoryPolicy({
    large: () => (store.getState().resources.rules.data?.rules.length ?? 0) > LARGE_RULE_TABLE,
  });
  const real = {
    identity: {
      name: await client.device.name(),
      model: await client.device.model(),
      generation: await client.device.generation(),
      serial: await client.device.serialNo(),
      imageVersion: await client.device.imageVersion(),
      serverRevision: await client.device.serverRevision(),
      dpid: await client.device.dpid(),
      ident: await client.device.customIdent(),
      ip: await client.device.ipConfig(),
    },
    access: { uac: false, level: null },
    flows: await client.device.flowNumbers(),
    settings: {
      storage: await client.device.ruleStorageMode(),
      permanent: await client.device.permanentRulesMode(),
      idLed: await client.device.idLed(),
    },
    environment: await client.device.environment(),
    system: { load: await client.device.loadAverage(), memory: await client.device.memoryUsage() },
    stats: await client.ports.stats(),
    info: await client.ports.info(),
    config: await client.ports.config(),
    sfp: await client.ports.sfp(),
    log: await client.logs.get(),
    rules: await client.rules.list(),
  };
  await sim.close(); // only the console is measured from here on
  globalThis.gc?.();
  const baseline = process.memoryUsage();
  // A terminal that keeps nothing (the test harness keeps every frame, which would be
  // what we measured).
  const stdout = Object.assign(new EventEmitter(), {
    columns: 120,
    rows: 40,
    isTTY: true,
    frames: 0,
    write: () => {
      stdout.frames += 1;
      return true;
    },
  });
  const stdin = Object.assign(new EventEmitter(), {
    isTTY: true,
    setRawMode: () => {},
    setEncoding: () => {},
    ref: () => {},
    unref: () => {},
    read: () => null,
  });
  // BENCH_START=overview mounts another screen; BENCH_NO_UI=1 measures the store alone
  const start = (process.env.BENCH_START ?? 'ports') as ScreenId;
  // the poller is not started: answers are committed directly
  const ui =
    process.env.BENCH_NO_UI === '1'
      ? { unmount: () => {} }
      : (
          await createConsole({
            settings: { ...session, url: sim.url },
            store,
            screen: start,
            poll: false,
            mount: (tree) =>
              render(tree, {
                stdout: stdout as unknown as NodeJS.WriteStream,
                stdin: stdin as unknown as NodeJS.ReadStream,
                patchConsole: false,
                exitOnCtrlC: false,
                maxFps: 1000,
              }),
          })
        ).view;
  // BENCH_SCREENS=ports,logs narrows which screens' resources are answered (to find what grows)
  const screens = (process.env.BENCH_SCREENS?.split(',') ?? [
    'overview',
    'ports',
    'logs',
  ]) as ScreenId[];
  const samples: Array<{
    cycle: number;
    rssMiB: number;
    heapMiB: number;
    heapTotalMiB: number;
    externalMiB: number;
  }> = [];
  let stats = real.stats;
  let logWindow = real.log.logs;
  let line = 0;
  for (let c = 1; c <= cycles; c++) {
    const at = c * 2000;
    stats = ageStats(stats, c);
    logWindow = [
      ...logWindow,
      `2026-01-01 00:00:00.000 bench: line ${++line}`,
      `2026-01-01 00:00:00.000 bench: line ${++line}`,
    ].slice(-5000);
    const screen = screens[Math.floor(c / 500) % screens.length]!;
    for (const k of [
      'identity',
      'access',
      'flows',
      ...SCREEN_VIEWS[screen].resources,
    ] as ResourceKey[]) {
      if (!(k in real)) continue;
      const data =
        k === 'stats'
          ? stats
          : k === 'log'
            ? { logs: logWindow, systemDateTime: 'now' }
            : structuredClone(real[k as keyof typeof real]);
      commitSuccess(store, k, data as never, at);
    }
    if (c % 10 === 0) await new Promise((r) => setImmediate(r)); // let Ink render
    if (c % 1000 === 0) {
      globalThis.gc?.();
      const m = process.memoryUsage();
      samples.push({
        cycle: c,
        rssMiB: m.rss / 2 ** 20,
        heapMiB: m.heapUsed / 2 ** 20,
        heapTotalMiB: m.heapTotal / 2 ** 20,
        externalMiB: m.external / 2 ** 20,
      });
    }
  }
  ui.unmount();
  stopPolicy();
  await client.close();
  return {
    cycles,
    frames: stdout.frames,
    baselineRssMiB: baseline.rss / 2 ** 20,
    baselineHeapMiB: baseline.heapUsed / 2 ** 20,
    samples,
    logLines: store.getState().log.lines.length,
    history: Math.max(...[...store.getState().rates.rates.values()].map((r) => r.history.length)),
  };
}

async function reqs(seconds = 12) {
  const sim = await startSim({ port: 0 });
  const client = createClient({ url: sim.url });
  const out: Array<{ screen: string; perSecond: number }> = [];
  for (const screen of ['overview', 'ports', 'logs', 'rules'] as ScreenId[]) {
    const store = createConsoleStore();
    const poller = new Poller(client, store);
    poller.setDemand(SCREEN_VIEWS[screen].resources);
    // steady state: skip the first poll of every resource (a screen switch fetches once)
    poller.start();
    await new Promise((r) =>
      setTimeout(r, Math.max(...Object.values(DEFAULT_INTERVALS).filter((v) => v <= 10_000)) + 500),
    );
    const before = sim.faults.requests;
    await new Promise((r) => setTimeout(r, seconds * 1000));
    out.push({ screen, perSecond: (sim.faults.requests - before) / seconds });
    poller.stop();
  }
  await client.close();
  await sim.close();
  return out;
}

const what = process.argv[2];
const result =
  what === 'keys'
    ? [await keys(28), await keys(512)]
    : what === 'rss'
      ? await rss(Number(process.argv[3] ?? 10_000))
      : await reqs(Number(process.argv[3] ?? 12));
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
