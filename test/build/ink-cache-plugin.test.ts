import { readFile } from 'node:fs/promises';
import { build, type Plugin } from 'esbuild';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// the one string-width (Ink's and pbc's), patched as vitest loads it; stockStringWidth() is the authority
import stringWidth from '../../node_modules/string-width/index.js';
// @ts-expect-error: a plain ESM script without types
import { PbcGenCache } from '../../scripts/ink-gen-cache.mjs';
// @ts-expect-error: a plain ESM script without types
import { inkOutputCache, NARROW, patchInkSource } from '../../scripts/ink-output-cache.mjs';

const SW = "import w from './node_modules/string-width/index.js'; export default w;";

/** Ink's string-width as it ships: bundled without the patches (vitest's import has them). */
async function stockStringWidth(): Promise<(s: string, o?: object) => number> {
  const text = await bundle(SW, []);
  expect(text).not.toContain('__pbc');
  return (await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`))
    .default;
}

async function bundle(contents: string, plugins: Plugin[] = [inkOutputCache]): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir: process.cwd() },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    external: ['react-devtools-core', 'yoga-layout'],
    plugins,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('the Ink text-cache plugin', () => {
  it('applies to the installed Ink (every patch), so dist/ gets the bounded caches and the fast widths', async () => {
    const text = await bundle("import { render } from 'ink'; console.log(render);");
    expect(text).toContain('__pbcSharedCaches');
    expect(text).toContain('__pbcSlice(line, from, to, width)');
    expect(text).toContain('row.push(__pbcBlank)');
    expect(text).toContain('styledCharsToString(__pbcStyleRuns(lineWithoutEmptyItems))');
    expect(text).toMatch(/const currentWidth = \w+\(text\)\.width;/); // measure-text's cached answer
    expect(text).toMatch(/cache\d*\.get\(cacheKey\)/); // wrap-text
    // output, measure-text and wrap-text each carry their own generational cache
    expect(text.match(/new PbcGenCache\d*\(/g)?.length).toBeGreaterThanOrEqual(5);
    expect(text).toContain('__pbcNarrow');
    expect(text).toContain('return /[\\u0080-\\u009F]/.test(text);');
    expect(text).toContain('__pbcOnlySgr(text)');
  });

  it("patched Ink's sanitizing gives stock Ink's text for any text (the check for anything to sanitize included)", async () => {
    const source = [
      "export { hasAnsiControlCharacters } from './node_modules/ink/build/ansi-tokenizer.js';",
      "export { default as sanitizeAnsi } from './node_modules/ink/build/sanitize-ansi.js';",
    ].join('\n');
    const sanitizePatches: Plugin = {
      name: 'ink-sanitize-patches',
      setup(b) {
        b.onLoad(
          { filter: /[\\/]ink[\\/]build[\\/](?:ansi-tokenizer|sanitize-ansi)\.js$/ },
          async (args) => ({
            contents: patchInkSource(args.path, await readFile(args.path, 'utf8')) as string,
            loader: 'js',
          }),
        );
      },
    };
    type Sanitizing = {
      hasAnsiControlCharacters: (t: string) => boolean;
      sanitizeAnsi: (t: string) => string;
    };
    const load = async (plugins: Plugin[]) => {
      const text = await bundle(source, plugins);
      return (await import(
        `data:text/javascript;base64,${Buffer.from(text).toString('base64')}`
      )) as Sanitizing;
    };
    const [patched, stock] = [await load([sanitizePatches]), await load([])];
    expect(patched.sanitizeAnsi).not.toBe(stock.sanitizeAnsi);
    const pieces = [
      'a',
      ' ',
      '·',
      '\u001b',
      '[',
      '31',
      ';',
      ':',
      'm',
      '?',
      'H',
      '\u001b[31m',
      '\u001b[39m',
      '\u001b[1;2m',
      '\u001b[2J',
      '\u001b]8;;x\u0007',
      '\u0080',
      '\u009b',
      '\u009f',
      '\u00a0',
      '\u007f',
      '😀',
      '\ud800',
    ];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(fc.constantFrom(...pieces), { maxLength: 10 }).map((p) => p.join('')),
          fc.string({ unit: 'binary' }),
        ),
        (text) => {
          expect(patched.hasAnsiControlCharacters(text)).toBe(stock.hasAnsiControlCharacters(text));
          expect(patched.sanitizeAnsi(text)).toBe(stock.sanitizeAnsi(text));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('lists only code points that string-width counts as one column and that never join a neighbour', async () => {
    // stock string-width (the import above is patched: it takes NARROW's fast path)
    const stringWidth = await stockStringWidth();
    const segmenter = new Intl.Segmenter();
    const body = (NARROW as string).replace(/\\u([0-9A-F]{4})/g, (_, h) =>
      String.fromCharCode(Number.parseInt(h, 16)),
    );
    const narrow = new RegExp(`^[${body}]$`);
    let checked = 0;
    for (let cp = 0x20; cp <= 0x2fff; cp++) {
      const c = String.fromCodePoint(cp);
      if (!narrow.test(c)) continue;
      checked++;
      const around = `a${c}${c}b`;
      expect({ cp: cp.toString(16), width: stringWidth(c) }).toEqual({
        cp: cp.toString(16),
        width: 1,
      });
      expect(stringWidth(around)).toBe(4);
      expect([...segmenter.segment(around)].length).toBe(4);
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('patched string-width measures every string as the original does', async () => {
    const text = await bundle(SW);
    expect(text).toContain('__pbcNarrow');
    const patched = (
      await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)
    ).default as (s: string, o?: object) => number;
    // (the import above is patched too: vitest.config.ts applies the patches to Ink's files)
    const stringWidth = await stockStringWidth();
    const pieces = [
      'a',
      ' ',
      '▁',
      '█',
      '─',
      '·',
      '…',
      '–',
      '→',
      '✓',
      'é',
      '日',
      '😀',
      '\u0301',
      '\u200d',
      '️',
      '◽',
      '\u001b[31m',
      '\u001b[1;2m',
      '\u001b[4:3m',
      '\u001b[m',
      '\u001b[',
      '\u001b]8;;x\u0007',
      '\u009b31m',
      '\u009d0;t\u0007',
      '\u00ad',
      '\t',
    ];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 12 }),
        fc.boolean(),
        (parts, wide) => {
          const s = parts.join('');
          const options = { ambiguousIsNarrow: !wide };
          expect(patched(s, options)).toBe(stringWidth(s, options));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

type OutputClass = new (o: {
  width: number;
  height: number;
}) => {
  write(x: number, y: number, text: string, o: { transformers: [] }): void;
  clip(c: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
  unclip(): void;
  get(): { output: string; height: number };
};

/** The plugin's patch of Ink's output.js alone (the whole plugin wants all of Ink bundled). */
const outputPatch: Plugin = {
  name: 'ink-output-patch',
  setup(b) {
    b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]output\.js$/ }, async (args) => ({
      contents: patchInkSource(args.path, await readFile(args.path, 'utf8')) as string,
      loader: 'js',
    }));
  },
};

async function outputClass(plugins: Plugin[]): Promise<OutputClass> {
  const text = await bundle(
    "import Output from './node_modules/ink/build/output.js'; export default Output;",
    plugins,
  );
  return (await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`))
    .default as OutputClass;
}

describe("the plugin's frame text", () => {
  it('keeps every style of a line its clip holds whole (stock Ink drops dim under bold)', async () => {
    const [patched, stock] = [await outputClass([outputPatch]), await outputClass([])];
    const draw = (Output: OutputClass) => {
      const out = new Output({ width: 10, height: 1 });
      out.clip({ x1: 0, x2: 10 });
      out.write(0, 0, '\u001b[2m\u001b[1mab\u001b[22m', { transformers: [] });
      out.unclip();
      return out.get().output;
    };
    expect(draw(patched)).toContain('\u001b[2m');
    expect(draw(stock)).not.toContain('\u001b[2m');
  });

  it('is the string stock Ink writes for any styled lines (cells of the same styles joined; lines a clip holds whole not cut)', async () => {
    const [patched, stock] = [await outputClass([outputPatch]), await outputClass([])];
    const pieces = [
      'a',
      'b',
      ' ',
      '日',
      '─',
      '\u001b[31m',
      '\u001b[39m',
      '\u001b[1m',
      '\u001b[22m',
    ];
    const pieces2 = [
      '\u001b[2m',
      '\u001b[7m',
      '\u001b[27m',
      '\u001b[0m',
      '\u001b[42m',
      '\u001b[49m',
      '·',
    ];
    // compound and unusual SGR sequences, and escapes that are not SGR (stock Ink's own path)
    const pieces3 = [
      '\u001b[1;31m',
      '\u001b[38;5;100m',
      '\u001b[48;2;1;2;3m',
      '\u001b[m',
      '\u001b[4:3m',
      '\u001b[',
      '\u001b',
      '\u001b]8;;x\u0007',
      '1',
      ';',
      'm',
      '…',
      '\u0301',
    ];
    const line = fc.array(fc.constantFrom(...pieces, ...pieces2, ...pieces3), { maxLength: 30 });
    const write = fc.record({ x: fc.nat(12), y: fc.nat(3), parts: line, clip: fc.boolean() });
    fc.assert(
      fc.property(fc.array(write, { maxLength: 6 }), (writes) => {
        // stock Ink cuts even a line its clip holds whole (slice-ansi then drops a style that
        // shares its end code with a later one: dim under bold); the patch draws such a line
        // as Ink draws it without a clip
        const draw = (Output: OutputClass, whole: boolean) => {
          const out = new Output({ width: 24, height: 4 });
          for (const w of writes) {
            const text = w.parts.join('');
            const held = w.x >= 2 && w.x + stringWidth(text) <= 20;
            const clip = w.clip && !(whole && held);
            if (clip) out.clip({ x1: 2, x2: 20 });
            out.write(w.x, w.y, text, { transformers: [] });
            if (clip) out.unclip();
          }
          return out.get().output;
        };
        expect(draw(patched, false)).toBe(draw(stock, true));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('PbcGenCache (the cache behind the plugin)', () => {
  it('keeps what recent frames used and forgets the rest', () => {
    const cache = new PbcGenCache(100, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    for (let f = 0; f < 5; f++) {
      PbcGenCache.nextFrame();
      expect(cache.get('a')).toBe(1); // used every frame: kept
      cache.set(`n${f}`, f); // sets sweep what no frame used lately
    }
    expect(cache.get('b')).toBeUndefined(); // unused for more than 2 frames: gone
    expect(cache.get('n4')).toBe(4);
  });

  it('stays bounded however many different texts a long run draws', () => {
    const cache = new PbcGenCache(50, 8);
    for (let frame = 0; frame < 1000; frame++) {
      PbcGenCache.nextFrame();
      if (cache.get('static') === undefined) cache.set('static', 0); // an unchanging line
      for (let i = 0; i < 3; i++) cache.set(`value ${frame}-${i}`, i);
    }
    expect(cache.get('static')).toBe(0);
    expect(cache.size).toBeLessThanOrEqual(1 + 3 * 18); // at most two sweeps' worth of frames
    for (let i = 0; i < 200; i++) cache.set(`burst ${i}`, i); // one frame past the limit starts afresh
    expect(cache.size).toBeLessThanOrEqual(50);
  });
});
