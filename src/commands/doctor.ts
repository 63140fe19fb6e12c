/**
 * `pbc doctor`: what an operator checks first on a new jump host (docs/install.md) — the
 * version and the Node inside, the terminal, colours, where the config and the state live,
 * and whether the selected device answers. Exit code: 0, or that of the device's failure.
 */
import { existsSync } from 'node:fs';
import { isSea } from 'node:sea';
import { configPath } from '../config/config.js';
import { stateDir } from '../config/state-dir.js';
import { sanitize } from '../model/sanitize.js';
import { exitCodeOf, formatError } from './errors.js';
import type { Run } from './run.js';
import { version } from './version.js';

interface DeviceCheck {
  reached: boolean;
  url?: string;
  name?: string;
  firmware?: string;
  ms?: number;
  error?: string;
}

function terminal(): string {
  const out = process.stdout;
  if (!out.isTTY) return 'not a terminal (stdout is a pipe or file)';
  return `${out.columns}×${out.rows} (TERM=${process.env.TERM ?? 'unset'})`;
}

/**
 * Node's own reading of the terminal and FORCE_COLOR / TERM / COLORTERM; NO_COLOR counts when
 * not empty, as for the console (src/tui/main.ts).
 */
function colours(): string {
  const out = process.stdout;
  if (!out.isTTY) return 'none (not a terminal)';
  const env = { ...process.env };
  if (env.NO_COLOR === '') delete env.NO_COLOR;
  const depth = out.getColorDepth(env);
  if (depth <= 1) return `none${env.NO_COLOR ? ' (NO_COLOR is set)' : ''}`;
  return `${{ 4: '16', 8: '256', 24: '16 million' }[depth] ?? 2 ** depth} colours`;
}

async function device(run: Run): Promise<{ check: DeviceCheck; code: number }> {
  let url: string | undefined;
  try {
    url = (await run.device()).url.replace(/\/\/[^/@]*@/, '//');
    const c = await run.client();
    const t0 = performance.now();
    const [name, firmware] = await Promise.all([c.device.name(), c.device.imageVersion()]);
    const ms = Math.round(performance.now() - t0);
    return { check: { reached: true, url, name, firmware, ms }, code: 0 };
  } catch (err) {
    const error = formatError(err, 'device').replace(/^pbc: device: /, '');
    return { check: { reached: false, ...(url ? { url } : {}), error }, code: exitCodeOf(err) };
  }
}

function deviceLine(d: DeviceCheck): string {
  if (d.reached) return `reached: ${d.name} (firmware ${d.firmware}) at ${d.url} in ${d.ms} ms`;
  return `NOT reached${d.url ? ` at ${d.url}` : ''}: ${d.error}`;
}

/**
 * The code cache as the loader of the single executable (scripts/sea-loader.cjs) or of the
 * bundle (scripts/bundle-loader.mjs) found it: `used`, `rejected` (made by another Node or
 * with other V8 flags: pbc compiles without it) or `none`; undefined in dist/ (no loader).
 */
function codeCache(): string | undefined {
  const found = (globalThis as { __pbcCodeCache?: unknown }).__pbcCodeCache;
  return found === undefined ? (isSea() ? 'none' : undefined) : String(found);
}

export async function run(run: Run): Promise<number> {
  const config = configPath();
  const { check, code } = await device(run);
  const report = {
    version,
    node: process.version,
    singleExecutable: isSea(),
    ...(codeCache() !== undefined ? { codeCache: codeCache() } : {}),
    executable: process.execPath,
    terminal: terminal(),
    colours: colours(),
    config: `${config}${existsSync(config) ? '' : ' (none yet)'}`,
    stateDir: stateDir(),
    device: check,
  };
  const label = (k: string) => `${k.padEnd(11)} `;
  await run.print(report, () =>
    sanitize(
      [
        `${label('pbc')}${version} (Node ${report.node}${report.singleExecutable ? ', single executable' : ''}${report.codeCache !== undefined ? `, code cache ${report.codeCache}` : ''})`,
        `${label('executable')}${report.executable}`,
        `${label('terminal')}${report.terminal}`,
        `${label('colours')}${report.colours}`,
        `${label('config')}${report.config}`,
        `${label('state dir')}${report.stateDir}`,
        `${label('device')}${deviceLine(check)}`,
      ].join('\n'),
      { keepNewlines: true },
    ),
  );
  return code;
}
