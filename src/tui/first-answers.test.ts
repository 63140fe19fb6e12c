import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountTestConsole, untilStore } from '../../test/harness/console.js';
import { type SimServer, startSim } from '../sim/server.js';
import type { ResourceKey } from '../store/resources.js';
import { createConsoleStore } from '../store/store.js';
import { createConsole } from './create-console.js';
import { firstFrameResources, SCREEN_RESOURCES } from './screen-resources.js';

/** What the console's first mount saw: the resources still in flight, the device's name. */
interface FirstMount {
  inFlight: ResourceKey[];
  name: string | undefined;
}

async function firstMount(url: string, firstAnswersMs?: number): Promise<FirstMount> {
  const store = createConsoleStore();
  let seen: FirstMount | undefined;
  const running = await createConsole({
    settings: { url, readonly: true },
    store,
    ...(firstAnswersMs ? { firstAnswersMs } : {}),
    mount: () => {
      const { resources } = store.getState();
      const keys = Object.keys(resources) as ResourceKey[];
      seen = {
        inFlight: keys.filter((k) => resources[k].inFlight),
        name: resources.identity.data?.name,
      };
      return { rerender: () => {} };
    },
  });
  await running.close();
  return seen as FirstMount;
}

describe('the console mounts with the first answers (first-answers.ts)', () => {
  let sim: SimServer;
  let silent: Server;
  let silentUrl: string;
  const held: Socket[] = [];
  beforeAll(async () => {
    // loaded once here: loading the screens can take longer than the answers (which would
    // then be in whether or not the console waits)
    await import('./root.js');
    sim = await startSim({ port: 0, host: '127.0.0.1', seed: 7 });
    // a device that takes the connection and never answers
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const address = silent.address() as { port: number };
    silentUrl = `http://127.0.0.1:${address.port}/rest`;
  });
  afterAll(async () => {
    for (const s of held) s.destroy();
    await new Promise((done) => silent.close(done));
    await sim.close();
  });

  it("waits for the first screen's answers, so the first frame is drawn with the data", async () => {
    const seen = await firstMount(sim.url, 30_000);
    expect(seen.inFlight).toEqual([]);
    expect(seen.name).toBe('pb-lab-01');
  });

  it('mounts without them when the device does not answer within the wait', async () => {
    const seen = await firstMount(silentUrl, 50);
    expect(seen.inFlight).toContain('identity');
    expect(seen.name).toBeUndefined();
  });

  it('does not wait unless asked (tests and benchmarks mount at once)', async () => {
    const seen = await firstMount(sim.url);
    expect(seen.inFlight).toContain('identity');
  });

  it("starts what only the first frame needs once the first screen's requests are out", async () => {
    // (main.ts starts Ink's layout engine there: its compiling does not hold the requests back)
    const store = createConsoleStore();
    let inFlight: ResourceKey[] | undefined;
    const running = await createConsole({
      settings: { url: sim.url, readonly: true },
      store,
      requested: () => {
        const { resources } = store.getState();
        inFlight = SCREEN_RESOURCES.overview.filter((k) => resources[k].inFlight);
      },
      mount: () => ({ rerender: () => {} }),
    });
    await running.close();
    expect(inFlight).toEqual(firstFrameResources('overview'));
  });

  it('asks for what the first frame cannot show (the groups, for OVERSUB) once the app is drawn', async () => {
    const store = createConsoleStore();
    let groupsAsked: boolean | undefined;
    const running = await createConsole({
      settings: { url: sim.url, readonly: true },
      store,
      firstAnswersMs: 30_000,
      mount: () => {
        groupsAsked = store.getState().resources.groups.inFlight;
        return { rerender: () => {} };
      },
    });
    await running.close();
    expect(firstFrameResources('overview')).not.toContain('groups');
    expect(groupsAsked).toBe(false);
    // the whole console: the Overview asks for them when it mounts, and they come
    const t = await mountTestConsole({ settings: { url: sim.url, readonly: true } });
    try {
      await untilStore(t.store, (s) => s.resources.groups.data !== undefined);
      expect(t.store.getState().resources.groups.data).toBeDefined();
    } finally {
      await t.close();
    }
  });
});
