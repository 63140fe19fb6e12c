// One fresh process, the client's part of the console's start: the first screen's requests (the
// header's and the Overview's resources, as createConsole asks for them) through pbc's client and
// fetchers, with nothing warmed before. Prints one JSON line: CPU (user + system) and wall time
// from the first request to the last answer normalized, and the requests made. With
// FIRST_REQUESTS_LIST=1 it prints the paths requested instead (bench/bare-first-screen.mjs
// requests the same ones). Bundled by bench/first-requests.mjs.
import { createClient } from '../src/api/index.js';
import { fetchers, HEADER_RESOURCES, type ResourceKey } from '../src/store/resources.js';
import * as screenResources from '../src/tui/screen-resources.js';

const url = process.argv[2];
if (!url) throw new Error('usage: first-requests-inproc.mjs URL');
// what the first frame waits for (firstFrameResources since this session; a tree measured with
// BENCH_SRC from before it asked for all of the Overview's)
const { firstFrameResources, SCREEN_RESOURCES } = screenResources as typeof screenResources & {
  firstFrameResources?: (screen: 'overview') => readonly ResourceKey[];
};
const first = firstFrameResources?.('overview') ?? SCREEN_RESOURCES.overview;
const keys = [...new Set<ResourceKey>([...HEADER_RESOURCES, ...first])];
const paths: string[] = [];
const list = process.env.FIRST_REQUESTS_LIST === '1';

const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
const client = createClient(list ? { url, onLog: (e) => paths.push(e.url) } : { url });
const fetch = fetchers(undefined) as Record<ResourceKey, (c: typeof client) => Promise<unknown>>;
await Promise.all(keys.map((k) => fetch[k](client)));
const cpu = process.cpuUsage(cpu0);
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
await client.close();
process.stdout.write(
  `${JSON.stringify(list ? { paths } : { cpuMs: (cpu.user + cpu.system) / 1000, ms })}\n`,
);
