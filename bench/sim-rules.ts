// A simulated device holding N synthetic rules (past its TCAM check, as the 65,536-rule drill
// loads them), in a process of its own: the Rules poll bench reads it as a real device would be
// read. Prints its URL. `node bench/out/sim-rules.mjs N`
import { startSim } from '../src/sim/server.js';
import { rulesKey } from '../src/sim/state.js';

const n = Number(process.argv[2] ?? 65_536);
const sim = await startSim({ port: 0, host: '127.0.0.1', seed: 7 });
for (let i = 0; i < n; i++) {
  const match = { in_port: String((i % 28) + 1), tcp: '', tcp_dst: String(i % 65_536) };
  const priority = 100 + (i % 500);
  sim.state.rules.set(rulesKey(priority, match), {
    cookie: sim.state.nextCookie++,
    name: `rule-${i}`,
    description: '',
    priority,
    match,
    actions: [`output:${(i % 4) + 9}`],
    since: Date.now(),
  });
}
sim.state.changed(`bench: ${n} rules loaded`);
process.stdout.write(`${sim.url}\n`);
