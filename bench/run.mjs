// Runs every benchmark and writes docs/performance.md: the machine, the date, and each
// figure beside its anchor measured in the same run. `npm run bench`.
// BENCH_QUICK=1 shortens every run (for a smoke check; the figures are then rough).
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { benchCli, cliSection } from './cli.mjs';
import { root } from './lib.mjs';
import { benchSim, simSection } from './sim.mjs';
import { benchSimEngine, simEngineSection } from './sim-engine.mjs';
import { benchStartup, startupSection } from './startup.mjs';
import { benchTui, tuiSection } from './tui.mjs';

const quick = process.env.BENCH_QUICK === '1';
const sections = [];
const started = new Date();

console.error('bench: simulator…');
sections.push(simSection(await benchSim({ duration: quick ? 2 : 5 })));
console.error('bench: simulator forwarding engine…');
sections.push(simEngineSection(await benchSimEngine({ changes: quick ? 6 : 30 })));
console.error('bench: cli…');
sections.push(cliSection(await benchCli({ runs: quick ? 5 : 20 })));
console.error('bench: start-up…');
sections.push(
  `### Start-up: \`node -e 0\`, a bare node:http client, \`pbc get\` and the console's first frame with data (dist, bundle and executable)\n\n${startupSection(await benchStartup({ runs: quick ? 3 : 61 }))}`,
);
console.error('bench: console…');
sections.push(
  tuiSection(
    await benchTui({
      runs: quick ? 3 : 10,
      rssCycles: quick ? 2000 : 10_000,
      reqSeconds: quick ? 6 : 12,
    }),
  ),
);
if (existsSync(join(root, 'bench', 'rules.mjs'))) {
  const rules = await import('./rules.mjs');
  if (rules.benchRules && rules.rulesSection) {
    console.error('bench: rules…');
    sections.push(rules.rulesSection(await rules.benchRules({ quick })));
  }
}

// bench/notes.md: what the figures alone do not say (kept by hand, printed after them)
const notesFile = join(root, 'bench', 'notes.md');
if (existsSync(notesFile))
  sections.push(`### Notes\n\n${(await readFile(notesFile, 'utf8')).trim()}\n`);

// Hand-kept records at the end of the page (level-2 sections, e.g. an issue's before/after
// figures) are carried over; everything above them is rewritten.
const page = join(root, 'docs', 'performance.md');
const old = existsSync(page) ? await readFile(page, 'utf8') : '';
const kept = old.includes('\n## ') ? old.slice(old.indexOf('\n## ') + 1) : '';

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const text = `# Performance

Written by \`npm run bench\` (bench/run.mjs) on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC${quick ? ' — **quick mode: rough figures**' : ''}.
Machine: ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${process.platform} ${process.arch}, Node ${process.version}.
Every figure stands beside its anchor measured in the same run on the same machine. Benchmarks share the
machine's two cores with whatever else runs; run them on an idle machine for stable figures.

${sections.join('\n')}
${kept ? `\n${kept}` : ''}`;
await writeFile(page, text);
console.log(text);
process.exit(0);
