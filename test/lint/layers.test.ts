/**
 * scripts/check-layers.mjs (run by `npm run lint`) against test/fixtures/layers: a tiny src/
 * tree with a good and a bad case for each rule. The check must report every bad case, with
 * the file pair and the rule, and nothing for the good ones.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLayers, importsOf } from '../../scripts/check-layers.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = join(repo, 'test/fixtures/layers');
const script = join(repo, 'scripts/check-layers.mjs');
const run = promisify(execFile);

const EXCEPTED = 'src/commands/excepted.ts → src/tui/app.ts';
const STALE = 'src/screens/good.ts → src/api/client.ts';

describe('the layer check', () => {
  it('reports each import against the order or the extra rules, each cycle, and nothing else', () => {
    expect(checkLayers(fixture, [EXCEPTED, STALE])).toEqual([
      'import cycle: src/screens/one.ts → src/screens/two/ → src/screens/one.ts (src/screens/one.ts imports src/screens/two/x.ts; src/screens/two/y.ts imports src/screens/one.ts)',
      'import cycle: src/sim/a.ts → src/sim/b.ts → src/sim/a.ts',
      'src/api/side-effect.ts imports src/sim/device.ts: api may not import sim (sim comes after api)',
      'src/commands/start.ts imports src/tui/app.ts: commands may not import tui',
      'src/misc/stray.ts is in no layer (the layers: model, config, api, tcam, traffic, sim, store, ops, guard, exporter, commands, widgets, screens, tui, cli)',
      'src/model/bad.ts imports src/config/good.ts: model may not import config (config comes after model)',
      'src/model/base.test.ts imports src/tui/app.ts: model may not import tui (tui comes after model)',
      'src/ops/type-only.ts imports src/commands/command.ts: ops may not import commands (commands comes after ops)',
      'src/screens/bad.ts imports src/api/client.ts: screens may not import api',
      'src/screens/reaches-test.ts imports test/helper.ts: code in src/ may not import outside src/',
      'src/screens/typeof.ts imports src/tui/app.ts: screens may not import tui (tui comes after screens)',
      'src/store/reexport.ts imports src/ops/op.ts: store may not import ops (ops comes after store)',
      'src/widgets/table.ts imports src/api/client.ts: widgets may not import api',
      'src/widgets/uses-screen.ts imports src/screens/good.ts: widgets may not import screens (screens comes after widgets)',
      `stale exception: ${STALE} — remove it from EXCEPTIONS`,
    ]);
  });

  it('silences a listed exception for exactly its pair, and reports it without the list', () => {
    const line = 'src/commands/excepted.ts imports src/tui/app.ts: commands may not import tui';
    expect(checkLayers(fixture, [EXCEPTED])).not.toContain(line);
    expect(checkLayers(fixture, [])).toContain(line);
    expect(checkLayers(fixture, [EXCEPTED]).filter((l) => l.startsWith('stale'))).toEqual([]);
  });

  it('finds static, type-only, re-export, side-effect, dynamic and import-type specifiers', () => {
    const text = [
      "import a from './a.js';",
      "import type { B } from './b.js';",
      "import { type C, d } from './cd.js';",
      "export { e } from './e.js';",
      "export type * from './f.js';",
      "import './g.js';",
      "const h = await import('./h.js');",
      "type I = typeof import('./i.js');",
      'const s = "import x from \'./not-an-import.js\'";',
      "// import y from './comment.js';",
    ].join('\n');
    expect(importsOf('x.ts', text)).toEqual([
      './a.js',
      './b.js',
      './cd.js',
      './e.js',
      './f.js',
      './g.js',
      './h.js',
      './i.js',
    ]);
  });
});

describe('node scripts/check-layers.mjs', () => {
  const good = mkdtempSync(join(tmpdir(), 'pbc-layers-'));
  afterAll(() => rmSync(good, { recursive: true, force: true }));

  it('exits 1 with one line per violation and a count', async () => {
    const err = await run('node', [script, fixture]).then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    expect(err?.code).toBe(1);
    const lines = err?.stdout.trim().split('\n') ?? [];
    expect(lines).toContain(
      'src/screens/bad.ts imports src/api/client.ts: screens may not import api',
    );
    expect(lines.at(-1)).toBe('15 layer violations (the order: docs/architecture.md)');
  });

  it('exits 0 and prints nothing on a tree that keeps the order', async () => {
    for (const f of [
      'src/model/base.ts',
      'src/config/good.ts',
      'src/api/client.ts',
      'src/ops/op.ts',
      'src/store/store.ts',
      'src/screens/good.ts',
      'src/screens/good.test.ts',
      'src/tui/app.ts',
      'src/cli.ts',
      'test/helper.ts',
    ])
      cpSync(join(fixture, f), join(good, f), { recursive: true });
    const { stdout } = await run('node', [script, good]);
    expect(stdout).toBe('');
  });
});
