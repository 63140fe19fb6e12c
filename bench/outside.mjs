// Changes from outside (issue 31): the rules diff per poll at 65,536 rules, 3 runs in processes
// of their own (bench/outside-inproc.ts). `node bench/outside.mjs [rules]` prints the runs and
// the load average.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { bundleInproc } from './lib.mjs';

const file = await bundleInproc('outside-inproc.ts', 'outside-inproc');
const load = loadavg()[0];
for (let i = 0; i < 3; i++)
  console.log(
    execFileSync(process.execPath, [file, process.argv[2] ?? '65536'], { encoding: 'utf8' }).trim(),
  );
console.log(JSON.stringify({ load, loadAfter: loadavg()[0] }));
