// A simulated device holding N synthetic rules (past its TCAM check, as the 65,536-rule drill
// loads them), in a process of its own: the Rules poll bench reads it as a real device would be
// read. Prints its URL. `node bench/out/sim-rules.mjs N`
import { startSim } from '../src/sim/server.js';
import { loadSyntheticRules } from '../test/harness/device-fixtures.js';

const n = Number(process.argv[2] ?? 65_536);
const sim = await startSim({ port: 0, host: '127.0.0.1', seed: 7 });
loadSyntheticRules(sim.state, n, 'rule');
process.stdout.write(`${sim.url}\n`);
