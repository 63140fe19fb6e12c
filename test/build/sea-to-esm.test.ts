/**
 * scripts/sea-esm.mjs `toEsmOnce`: in the executable's script every module that imports the
 * same CommonJS module (React: 82 of them) gets the same namespace object, not a copy with a
 * getter per export each: fewer objects in the startup snapshot, the same values.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { TO_ESM_ONCE, toEsmOnce } from '../../scripts/sea-esm.mjs';

const dir = mkdtempSync(join(tmpdir(), 'pbc-to-esm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Two modules importing one CommonJS module, bundled as the executable's script is. */
async function bundled(minify: boolean): Promise<string> {
  writeFileSync(join(dir, 'c.cjs'), 'module.exports = { x: 1, f() { return this.x; } };\n');
  for (const name of ['a', 'b'])
    writeFileSync(
      join(dir, `${name}.mjs`),
      `import * as all from './c.cjs';\nimport c, { x } from './c.cjs';\nexport const ${name} = { all, c, x };\n`,
    );
  const result = await build({
    stdin: {
      contents:
        "import { a } from './a.mjs';\nimport { b } from './b.mjs';\nglobalThis.out = [a, b];\n",
      resolveDir: dir,
    },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    minify,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

type Out = { all: { x: number; default: unknown }; c: { f(): number }; x: number }[];
const run = (text: string): Out => {
  const sandbox: { out?: Out } = {};
  runInNewContext(`${TO_ESM_ONCE}\n${text}`, { globalThis: sandbox, WeakMap });
  return sandbox.out!;
};

describe('toEsmOnce (the executable scripts)', () => {
  for (const minify of [true, false])
    it(`gives every importer the same namespace of a CommonJS module, same values (${minify ? 'minified' : 'not minified'})`, async () => {
      const text = await bundled(minify);
      const [before, after] = [run(text), run(toEsmOnce(text))];
      expect(before[0]!.all).not.toBe(before[1]!.all);
      expect(after[0]!.all).toBe(after[1]!.all);
      for (const [a] of [before, after]) {
        expect(a!.x).toBe(1);
        expect(a!.all.x).toBe(1);
        expect(a!.c.f()).toBe(1);
        expect(a!.all.default).toBe(a!.c);
      }
    });

  it("fails the build when esbuild's helper is not there", () => {
    expect(() => toEsmOnce('var x = 1;')).toThrow(/__toESM helper found 0 times/);
  });
});
