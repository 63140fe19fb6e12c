import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import Yoga, { type Node as YogaNode } from 'yoga-layout';
// @ts-expect-error: a plain ESM script without types
import { seaNoTopLevelAwait } from '../../scripts/sea-esm.mjs';
import {
  YOGA_INITIAL_PAGES,
  yogaInitialMemory,
  yogaLoaderWasm,
} from '../../scripts/yoga-memory.mjs';

const MiB = 2 ** 20;
const dir = mkdtempSync(join(tmpdir(), 'pbc-yoga-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Emscripten = { HEAP8: Int8Array };
type Loaded = { module: Emscripten; yoga: typeof Yoga };

/** yoga-layout's Emscripten module and its Yoga, as every build bundles them (scripts/sea-esm.mjs). */
async function builtYoga(): Promise<Loaded> {
  const result = await build({
    stdin: {
      contents: [
        "import loadImpl from './node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js';",
        "import wrapAssembly from './node_modules/yoga-layout/dist/src/wrapAssembly.js';",
        'const module = await loadImpl();',
        'export const loaded = { module, yoga: wrapAssembly(module) };',
      ].join('\n'),
      resolveDir: process.cwd(),
    },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    plugins: [seaNoTopLevelAwait],
    logLevel: 'silent',
  });
  const file = join(dir, 'yoga.mjs');
  writeFileSync(file, result.outputFiles[0]!.text);
  return ((await import(pathToFileURL(file).href)) as { loaded: Loaded }).loaded;
}

/** The yoga WebAssembly of the installed yoga-layout, from its data URL. */
function stockWasm(): Buffer {
  return yogaLoaderWasm(
    readFileSync('node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js', 'utf8'),
  );
}

/** The slice of the WebAssembly API used here (the project's TypeScript libs do not declare it). */
type Wasm = {
  Module: (new (
    bytes: Uint8Array,
  ) => object) & {
    imports: (m: object) => { module: string; name: string }[];
    exports: (m: object) => { name: string; kind: string }[];
  };
  Instance: new (m: object, imports: object) => { exports: Record<string, unknown> };
};
const wasmApi = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;

/** The size in pages of the memory `wasm` makes for itself (instantiated with no-op imports). */
function initialPages(wasm: Uint8Array): number {
  const module = new wasmApi.Module(wasm);
  const memory = wasmApi.Module.exports(module).find((e) => e.kind === 'memory');
  expect(memory).toBeDefined();
  const imports: Record<string, Record<string, unknown>> = {};
  for (const i of wasmApi.Module.imports(module)) {
    imports[i.module] ??= {};
    imports[i.module]![i.name] = () => {};
  }
  const instance = new wasmApi.Instance(module, imports);
  return (instance.exports[memory!.name] as { buffer: ArrayBuffer }).buffer.byteLength / 65536;
}

/** Rows of `n` text-like boxes in a column, the layout of each as [left, top, width, height]. */
function layoutOf(yoga: typeof Yoga, n: number): number[][] {
  const root = yoga.Node.create();
  root.setFlexDirection(yoga.FLEX_DIRECTION_COLUMN);
  root.setWidth(100);
  const nodes: YogaNode[] = [];
  for (let i = 0; i < n; i++) {
    const row = yoga.Node.create();
    row.setFlexDirection(yoga.FLEX_DIRECTION_ROW);
    row.setPadding(yoga.EDGE_LEFT, i % 3);
    const cell = yoga.Node.create();
    cell.setWidth((i * 7) % 61);
    cell.setHeight(1 + (i % 2));
    row.insertChild(cell, 0);
    root.insertChild(row, i);
    nodes.push(row, cell);
  }
  root.calculateLayout(100, undefined, yoga.DIRECTION_LTR);
  // (the getters Ink calls: the builds register no others, scripts/yoga-trim.mjs)
  const boxes = nodes.map((node) => [
    node.getComputedLeft(),
    node.getComputedTop(),
    node.getComputedWidth(),
    node.getComputedHeight(),
  ]);
  root.freeRecursive();
  return boxes;
}

describe("yoga's memory at start (scripts/yoga-memory.mjs)", () => {
  it('ships 1 MiB instead of 16 at start, still growable, the rest of the module unchanged', () => {
    const stock = stockWasm();
    const edited = yogaInitialMemory(stock);
    expect(initialPages(stock)).toBe(256);
    expect(initialPages(edited)).toBe(YOGA_INITIAL_PAGES);
    expect(YOGA_INITIAL_PAGES * 65536).toBe(MiB);
    expect(edited.length).toBe(stock.length);
    const differing = [...edited.keys()].filter((i) => edited[i] !== stock[i]);
    expect(differing.length).toBeLessThanOrEqual(2);
  });

  it('refuses a memory it does not know (yoga-layout changed), so the build fails and says so', () => {
    expect(() => yogaInitialMemory(yogaInitialMemory(stockWasm()))).toThrow(/update the patch/);
    expect(() => yogaInitialMemory(Buffer.from('not wasm at all'))).toThrow(/not WebAssembly/);
  });

  it("every build's yoga starts with 1 MiB, grows when it needs more, and lays out as stock yoga", async () => {
    const { module, yoga } = await builtYoga();
    expect(module.HEAP8.length).toBe(MiB);
    // ~0.6 KB of yoga's memory per node: 6,000 nodes need several MiB, so the memory grows
    const many = layoutOf(yoga, 3000);
    expect(module.HEAP8.length).toBeGreaterThan(MiB);
    expect(many).toEqual(layoutOf(Yoga, 3000));
    expect(layoutOf(yoga, 40)).toEqual(layoutOf(Yoga, 40));
  });
});
