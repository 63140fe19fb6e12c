import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import Yoga from 'yoga-layout';
// @ts-expect-error: a plain ESM script without types
import { seaNoTopLevelAwait } from '../../scripts/sea-esm.mjs';
import { yogaLoaderWasm } from '../../scripts/yoga-memory.mjs';
import { REGISTER_METHOD, yogaKeptMethods, yogaLoaderTrimmed } from '../../scripts/yoga-trim.mjs';
import { screens } from './yoga-screen.js';

const dir = mkdtempSync(join(tmpdir(), 'pbc-yoga-trim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const LOADER = 'node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js';

type Built = { screens: () => string[]; Yoga: typeof Yoga };

/** test/build/yoga-screen.tsx with Ink and yoga-layout as every build bundles them (scripts/sea-esm.mjs). */
async function built(): Promise<Built> {
  const result = await build({
    stdin: {
      contents: [
        "import Yoga, { ready } from 'yoga-layout';",
        'await ready;',
        "export { screens } from './test/build/yoga-screen.tsx';",
        'export { Yoga };',
      ].join('\n'),
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [seaNoTopLevelAwait],
    logLevel: 'silent',
  });
  const file = join(dir, 'screen.mjs');
  writeFileSync(file, result.outputFiles[0]!.text);
  return (await import(pathToFileURL(file).href)) as Built;
}

describe("yoga's methods registered at start (scripts/yoga-trim.mjs)", () => {
  it('registers only the methods Ink or wrapAssembly name, leaving out those nothing calls', async () => {
    const { Yoga: trimmed } = await built();
    const node = trimmed.Node.create();
    const stock = Yoga.Node.create();
    for (const used of [
      'setWidth',
      'setMeasureFunc',
      'calculateLayout',
      'getComputedWidth',
      'markDirty',
    ])
      expect(typeof (node as unknown as Record<string, unknown>)[used]).toBe('function');
    for (const unused of [
      'getParent',
      'copyStyle',
      'setAspectRatio',
      'getFlexGrow',
      'getComputedLayout',
    ]) {
      expect(typeof (stock as unknown as Record<string, unknown>)[unused]).toBe('function');
      expect((node as unknown as Record<string, unknown>)[unused]).toBeUndefined();
    }
    node.free();
    stock.free();
  });

  it('renders a screen using every layout property pbc gives Ink as stock yoga does', async () => {
    const trimmed = (await built()).screens();
    expect(trimmed.join('\n')).toContain('boxed');
    expect(trimmed).toEqual(screens());
  });

  it('keeps a method whose name is the end of another (the linker shares string tails)', () => {
    const wasm = yogaLoaderWasm(readFileSync(LOADER, 'utf8'));
    expect(yogaKeptMethods(wasm, new Set(['setMeasureFunc', 'noSuchMethod']))).toEqual([
      'setMeasureFunc',
    ]);
  });

  it('fails the build when yoga-layout no longer registers methods where the patch expects', () => {
    const text = readFileSync(LOADER, 'utf8');
    expect(text).toContain(REGISTER_METHOD);
    expect(() => yogaLoaderTrimmed(text.replace(REGISTER_METHOD, 'a:function(){'))).toThrow(
      /update the patch/,
    );
  });
});
