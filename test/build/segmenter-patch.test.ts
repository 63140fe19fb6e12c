// The segmenter patch of scripts/ink-output-cache.mjs: Ink's text pipeline (ansi-tokenize,
// slice-ansi, string-width) and pbc's string-width split text of ESC and one-column symbols per
// code unit without ICU, and make an Intl.Segmenter only for other text.
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { inkOutputCache, PbcSegmenter } from '../../scripts/ink-output-cache.mjs';

interface Segments extends Iterable<{ segment: string; index: number }> {
  containing(i: number): { segment: string; index: number } | undefined;
}
const patched = PbcSegmenter as (
  locales?: string,
  options?: Intl.SegmenterOptions,
) => { segment(text: string): Segments };

const plain = ({ segment, index }: { segment: string; index: number }) => ({ segment, index });

/** Intl.Segmenter made during `run` (the patched one makes one only for text it cannot split). */
function segmentersMadeBy(run: () => void): number {
  const Real = Intl.Segmenter;
  let made = 0;
  const counting = class extends Real {
    constructor(...args: ConstructorParameters<typeof Real>) {
      super(...args);
      made++;
    }
  };
  const intl = Intl as { Segmenter: typeof Real };
  intl.Segmenter = counting;
  try {
    run();
  } finally {
    intl.Segmenter = Real;
  }
  return made;
}

describe('the patched segmenter', () => {
  it('splits any text into the graphemes Intl.Segmenter gives, iterated and by containing()', () => {
    const real = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const pieces = [
      'a',
      ' ',
      '·',
      '…',
      '—',
      '°',
      '●',
      '─',
      '→',
      '✓',
      '\u001b',
      '[31m',
      '\r',
      '\n',
      '\u0301',
      '\u200d',
      '\ufe0f',
      '😀',
      '🇩',
      '🇪',
      '日',
      '\u1100',
      '\u1161',
      '\u0e33',
      '\u00ad',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 14 }), (parts) => {
        const text = parts.join('');
        const ours = patched(undefined, { granularity: 'grapheme' }).segment(text);
        const theirs = real.segment(text);
        expect([...ours].map(plain)).toEqual([...theirs].map(plain));
        for (let i = -1; i <= text.length; i++) {
          const c = theirs.containing(i);
          expect(ours.containing(i) && plain(ours.containing(i)!)).toEqual(c && plain(c));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('needs no Intl.Segmenter for plain text, escape sequences and the console symbols', () => {
    const segmenter = patched();
    expect(
      segmentersMadeBy(() => [...segmenter.segment('\u001b[32mpb-lab-01\u001b[39m · 21.5 °C — ●')]),
    ).toBe(0);
    expect(segmentersMadeBy(() => [...segmenter.segment('e\u0301')])).toBe(1);
  });
});

const dir = join(process.cwd(), 'node_modules', '.cache', `segmenter-patch-${process.pid}`);
afterAll(() => rm(dir, { recursive: true, force: true }));

/**
 * Ink's frame of `tree` (renderToString) and pbc's fitCell of `cell`, in a Node where
 * Intl.Segmenter throws: bundled with the plugin as the builds are.
 */
async function frameWithoutIcu(): Promise<string> {
  const entry = `
    import React from 'react';
    import { Box, Text, renderToString } from 'ink';
    import { fitCell } from './src/widgets/text.ts';
    const h = React.createElement;
    const cell = fitCell('pb-lab-01 · 21.5 °C — ● link up', 14);
    const tree = h(Box, { borderStyle: 'round', width: 40, flexDirection: 'column' },
      h(Text, { color: 'green' }, 'pb-lab-01 · 192.0.2.10 — ● link up'),
      h(Box, { width: 12, overflow: 'hidden' },
        h(Box, { width: 30, flexShrink: 0 }, h(Text, { bold: true }, 'clipped · text … that is long'))),
      h(Text, null, cell));
    process.stdout.write(renderToString(tree, { columns: 60 }));`;
  await mkdir(dir, { recursive: true });
  // (as scripts/build.mjs: Ink's development-mode import, never run, bundled as nothing)
  const stub = join(dir, 'devtools-stub.js');
  await writeFile(stub, 'export default {};');
  const result = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js' },
    alias: { 'react-devtools-core': stub },
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    external: ['yoga-layout'],
    plugins: [inkOutputCache],
    logLevel: 'silent',
  });
  const file = join(dir, 'frame.mjs');
  await writeFile(file, result.outputFiles[0]!.text);
  const noIcu = 'Intl.Segmenter = function () { throw new Error("an Intl.Segmenter was made"); };';
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(noIcu)}`, file],
    { env: { ...process.env, FORCE_COLOR: '1' } },
  );
  return stdout;
}

describe('a frame of plain device text', () => {
  it('is drawn, clipped and fitted by Ink and pbc without any Intl.Segmenter', async () => {
    const frame = await frameWithoutIcu();
    expect(frame).toContain('pb-lab-01 · 192.0.2.10 — ● link up');
    expect(frame).toContain('clipped · te');
    expect(frame).not.toContain('clipped · tex');
    expect(frame).toContain('pb-lab-01 · 2…');
    expect(frame).toContain('\u001b[32m'); // the colour's escape went through the tokenizer
  }, 60_000);
});
