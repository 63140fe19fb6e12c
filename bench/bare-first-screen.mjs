// The floor of bench/first-requests.mjs: the same GETs as the console's first screen, with
// bare node:http (its global Agent), each answer gathered and given to JSON.parse, nothing else.
// Prints one JSON line: CPU (user + system) and wall time from the first request to the last
// answer parsed. Usage: node bench/bare-first-screen.mjs BASE_URL PATH…
import http from 'node:http';

const [base, ...paths] = process.argv.slice(2);
const get = (path) =>
  new Promise((resolve, reject) => {
    http
      .get(base + path, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
      })
      .on('error', reject);
  });

const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
await Promise.all(paths.map(get));
const cpu = process.cpuUsage(cpu0);
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
process.stdout.write(`${JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, ms })}\n`);
