// A simulated device reporting PORTS ports (test/harness/many-ports.ts), for
// bench/exporter-bounds.mjs: prints `listening on URL` and serves until killed.
import { startSim } from '../src/sim/server.js';
import { manyPortsDevice } from '../test/harness/many-ports.js';

const sim = await startSim({ port: 0, host: '127.0.0.1', seed: 7 });
const device = await manyPortsDevice(sim, Number(process.env.PORTS ?? 100_000));
process.stdout.write(`listening on ${device.url}\n`);
