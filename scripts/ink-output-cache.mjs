// esbuild plugin for Ink 6's text pipeline, applied when pbc is bundled:
//
// 1. Ink computes the styled characters and display width of every line of every frame
//    from scratch (its caches live in a per-frame Output object). In a full-screen console
//    most lines are the same from one frame to the next, so those caches outlive the frame.
// 2. Ink measures each text node's width again on every frame (widest-line): it takes the
//    layout's measurement of the same text instead.
// 3. Ink's own module-level caches for measuring and wrapping text never forget anything,
//    so a console that runs for days with changing numbers grows without bound.
//
// 4. string-width (the one copy: Ink's, widest-line's, wrap-ansi's and pbc's) measures
//    anything beyond printable ASCII with a grapheme segmenter and emoji regexes; the
//    console's own symbols (sparkline blocks, box lines, arrows, ·, …, –) take a fast path too. NARROW lists only code
//    points that are one column each and never join a neighbour into one grapheme, which
//    test/build/ink-cache-plugin.test.ts checks one by one against string-width itself.
//
// Every cache is a PbcGenCache (scripts/ink-gen-cache.mjs): keyed by the text itself, so a
// hit is always exact, and it keeps only what the last two frames used, so memory is
// bounded by what is on screen. Effect measured in docs/performance.md.
//
// The same patches run everywhere Ink runs: the builds (scripts/build.mjs), the benchmarks
// (bench/lib.mjs) and the tests (vitest.config.ts, through `inkPatchesForVite`). When an
// anchor text is missing (Ink or string-width changed) the build fails, naming the file and
// the anchor, rather than silently building stock Ink; so does a build that bundles Ink
// but never met one of the patched files.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PbcGenCache } from './ink-gen-cache.mjs';

/** Most distinct texts one frame may cache (a screen draws a few hundred). */
const LIMIT = 5_000;
// as an expression: where this script is itself bundled (vitest.config.ts) the class may print without its name
const GEN = `const PbcGenCache = ${PbcGenCache.toString()};`;
/**
 * Regex class body of the one-column code points the string-width fast path accepts: the one
 * list, src/model/one-column.json, which pbc's own text widths take too (src/widgets/text.ts).
 */
export const NARROW = JSON.parse(
  readFileSync(new URL('../src/model/one-column.json', import.meta.url), 'utf8'),
).class;

/**
 * stripAnsi(text) where the text's only escapes are SGR sequences (ESC [ parameters m, which
 * ansi-regex matches whole and nothing else of it): what is left has no ESC and no C1 control,
 * with which every other sequence ansi-regex matches begins; otherwise strip-ansi itself.
 */
const STRIP_SGR = `function __pbcStripSgr(text, stripAnsi) {
\tconst left = text.replace(/\\u001B\\[[\\d:;]*m/g, '');
\treturn /[\\u001B\\u0080-\\u009F]/.test(left) ? stripAnsi(text) : left;
}`;

/** Regex class body of what the segmenter fast path splits per code unit: ESC and NARROW. */
const ONE_UNIT = `\\u001B${NARROW}`;
/**
 * 5. Every Intl.Segmenter of the text pipeline (ansi-tokenize, slice-ansi, string-width)
 *    as one that splits a text of ESC and NARROW code points per code unit — which is
 *    what ICU's grapheme rules give for them: ESC is a control (a cluster of its own, UAX 29
 *    GB4/GB5) and NARROW none joins a neighbour — and makes the real one only for any other
 *    text. The first Intl.Segmenter of a process loads ICU's grapheme rules (15–30 ms): a
 *    console whose device sends plain text never pays it, and no module makes one as it loads.
 *    test/build/ink-cache-plugin.test.ts compares its segments with Intl.Segmenter's.
 */
export function PbcSegmenter(locales, options) {
  let real;
  const of = () => (real ??= new Intl.Segmenter(locales, options));
  return {
    segment(text) {
      return typeof text === 'string' && PbcSegmenter.oneUnit.test(text)
        ? new PbcSegmenter.Units(text)
        : of().segment(text);
    },
    resolvedOptions: () => of().resolvedOptions(),
  };
}
PbcSegmenter.oneUnit = new RegExp(`^[${ONE_UNIT}]*$`);
/** Intl.Segmenter's Segments of a text whose every code unit is a grapheme. */
PbcSegmenter.Units = class {
  constructor(text) {
    this.text = text;
  }
  containing(at = 0) {
    const i = Math.trunc(Number(at)) || 0;
    if (i < 0 || i >= this.text.length) return undefined;
    return { segment: this.text[i], index: i, input: this.text };
  }
  *[Symbol.iterator]() {
    for (let i = 0; i < this.text.length; i++)
      yield { segment: this.text[i], index: i, input: this.text };
  }
};
// as source, defined in each patched module (a bundle may rename what it prints)
const SEGMENTER = `const PbcSegmenter = ${PbcSegmenter.toString()};
PbcSegmenter.oneUnit = /^[${ONE_UNIT}]*$/;
PbcSegmenter.Units = ${PbcSegmenter.Units.toString()};`;
const segmenterEdit = (anchor) => [
  anchor,
  `${SEGMENTER}\n${anchor.replace('new Intl.Segmenter(', 'PbcSegmenter(')}`,
];

export const patches = [
  {
    // the one string-width (8) of Ink, widest-line, wrap-ansi, cli-truncate and pbc (package.json
    // `overrides`: one measure of a text's columns for the frame's layout and pbc's own cuts)
    file: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
    unless: /[\\/]node_modules[\\/].+[\\/]node_modules[\\/]/,
    edits: [
      [
        '\tif (/^[\\u0020-\\u007E]*$/.test(string)) {',
        '\tif (/^[\\u0020-\\u007E]*$/.test(string) || (ambiguousIsNarrow && __pbcNarrow.test(string))) {',
      ],
      [
        'export default function stringWidth(',
        `const __pbcNarrow = /^[${NARROW}]*$/;\n${STRIP_SGR}\nexport default function stringWidth(`,
      ],
      // a text whose only escapes are SGR ones (the console's colours, in every measure of a
      // styled text) loses them by a small regex: strip-ansi's compiles ansi-regex's pattern
      ['\t\tstring = stripAnsi(string);', '\t\tstring = __pbcStripSgr(string, stripAnsi);'],
      segmenterEdit('const segmenter = new Intl.Segmenter();'),
    ],
  },
  {
    // Ink's frame text: every line is tokenized
    file: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize\.js$/,
    edits: [
      segmenterEdit(
        'const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });',
      ),
    ],
  },
  {
    // Ink's clipping of text to a box
    file: /[\\/]node_modules[\\/]slice-ansi[\\/]tokenize-ansi\.js$/,
    unless: /[\\/]node_modules[\\/].+[\\/]node_modules[\\/]/,
    edits: [
      segmenterEdit(
        "const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});",
      ),
    ],
  },
  {
    file: /[\\/]ink[\\/]build[\\/]output\.js$/,
    edits: [
      ['    caches = new OutputCaches();', '    caches = __pbcSharedCaches();'],
      // every text inside a clipping box is cut to the box on every frame: cached by text and
      // cut; a line the box holds whole (most of them: the console's body clips) is not cut
      [
        '                            return sliceAnsi(line, from, to);',
        '                            return __pbcSlice(line, from, to, width);',
      ],
      // a line's string: Ink diffs the styles of every two neighbouring cells (three Sets and
      // four arrays a cell, most of a frame's CPU); cells of the same styles are joined first
      [
        '            return styledCharsToString(lineWithoutEmptyItems).trimEnd();',
        '            return styledCharsToString(__pbcStyleRuns(lineWithoutEmptyItems)).trimEnd();',
      ],
      // the blank cells of the frame grid are only ever replaced, never changed: share one
      [
        `                row.push({
                    type: 'char',
                    value: ' ',
                    fullWidth: false,
                    styles: [],
                });`,
        '                row.push(__pbcBlank);',
      ],
      // a line's styled cells: for a line of one-column characters and SGR sequences (the
      // console's text and colours) without a token and a styles array per character
      [
        '            cached = styledCharsFromTokens(tokenize(line));',
        '            cached = __pbcStyledChars(line);',
      ],
      [
        "import { styledCharsFromTokens, styledCharsToString, tokenize, } from '@alcalzone/ansi-tokenize';",
        "import { reduceAnsiCodesIncremental, styledCharsFromTokens, styledCharsToString, tokenize, } from '@alcalzone/ansi-tokenize';",
      ],
      // a one-column character (printable ASCII) needs no width lookup
      [
        '                        const characterWidth = Math.max(1, this.caches.getStringWidth(character.value));',
        '                        const characterWidth = __pbcAscii(character.value) ? 1 : Math.max(1, this.caches.getStringWidth(character.value));',
      ],
      [
        'export default class Output',
        `${GEN}
// one-column characters (no grapheme joins another, none is full-width) and SGR sequences
// as ansi-tokenize reads them (ESC [ digits and semicolons m)
const __pbcSgrLine = /^(?:[${NARROW}]|\\u001B\\[[\\d;]*m)*$/;
const __pbcSgrTokens = new PbcGenCache(${LIMIT});
/**
 * styledCharsFromTokens(tokenize(line)), the same cells: for a line __pbcSgrLine accepts,
 * a cell per code unit (what tokenize's segmenter gives for such text), each sequence's
 * tokens from tokenize itself, and the cells between two sequences sharing one styles
 * array (nothing changes a cell's styles: they are read, diffed and copied)
 */
function __pbcStyledChars(line) {
    if (!__pbcSgrLine.test(line)) return styledCharsFromTokens(tokenize(line));
    const chars = [];
    let codes = [];
    let styles;
    for (let i = 0; i < line.length; i++) {
        if (line.charCodeAt(i) !== 0x1b) {
            styles ??= [...codes];
            chars.push({ type: 'char', value: line[i], fullWidth: false, styles });
            continue;
        }
        const end = line.indexOf('m', i);
        const sequence = line.slice(i, end + 1);
        let tokens = __pbcSgrTokens.get(sequence);
        if (tokens === undefined) {
            tokens = tokenize(sequence);
            __pbcSgrTokens.set(sequence, tokens);
        }
        for (const token of tokens) codes = reduceAnsiCodesIncremental(codes, [token]);
        styles = undefined;
        i = end;
    }
    return chars;
}
function __pbcAscii(value) {
    if (value.length !== 1) return false;
    const code = value.charCodeAt(0);
    return code >= 0x20 && code < 0x7f;
}
let __pbcCaches;
function __pbcSharedCaches() {
    PbcGenCache.nextFrame();
    if (__pbcCaches === undefined) {
        __pbcCaches = new OutputCaches();
        __pbcCaches.widths = new PbcGenCache(${LIMIT});
        __pbcCaches.blockWidths = new PbcGenCache(${LIMIT});
        __pbcCaches.styledChars = new PbcGenCache(${LIMIT});
        __pbcCaches.slices = new PbcGenCache(${LIMIT});
    }
    return __pbcCaches;
}
const __pbcBlank = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([]) });
function __pbcSameStyles(a, b) {
    if (a === b) return true;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++)
        if (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode) return false;
    return true;
}
// neighbouring cells of the same styles as one: styledCharsToString writes the same string
// (the diff of equal styles is empty), with one diff per change of style, not per cell
function __pbcStyleRuns(chars) {
    const runs = [];
    let last;
    for (const char of chars) {
        if (last !== undefined && __pbcSameStyles(last.styles, char.styles)) last.value += char.value;
        else runs.push((last = { type: 'char', value: char.value, fullWidth: false, styles: char.styles }));
    }
    return runs;
}
function __pbcSlice(line, from, to, width) {
    if (from === 0 && to >= width) return line;
    const key = from + ':' + to + ':' + line;
    let sliced = __pbcCaches.slices.get(key);
    if (sliced === undefined) {
        sliced = sliceAnsi(line, from, to);
        __pbcCaches.slices.set(key, sliced);
    }
    return sliced;
}
export default class Output`,
      ],
    ],
  },
  {
    // Ink sanitizes every text node's text at each measure and render: the check for anything
    // to sanitize walked the text a code point at a time through the string iterator
    file: /[\\/]ink[\\/]build[\\/]ansi-tokenizer\.js$/,
    edits: [
      [
        `    for (const character of text) {
        if (isC1ControlCharacter(character)) {
            return true;
        }
    }
    return false;`,
        '    return /[\\u0080-\\u009F]/.test(text); // (a C1 control: as isC1ControlCharacter)',
      ],
    ],
  },
  {
    // …and a text whose only escape sequences are SGR ones (the console's colours) is what
    // sanitizing keeps whole: returned as it is, not tokenized
    file: /[\\/]ink[\\/]build[\\/]sanitize-ansi\.js$/,
    edits: [
      [
        `    if (!hasAnsiControlCharacters(text)) {
        return text;
    }`,
        `    if (!hasAnsiControlCharacters(text) || __pbcOnlySgr(text)) {
        return text;
    }`,
      ],
      [
        'const sanitizeAnsi = (text) => {',
        `// (no ESC or C1 left once the SGR sequences are taken out)
const __pbcOnlySgr = (text) => !/[\\u001B\\u0080-\\u009F]/.test(text.replace(/\\u001B\\[[\\d:;]*m/g, ''));
const sanitizeAnsi = (text) => {`,
      ],
    ],
  },
  {
    // 6. A commit's frame is drawn once the commit's layout effects (and the renders their
    //    updates start, synchronously) are done, not in the middle of them: the console's
    //    status bar takes the screen's keys in a layout effect, and Ink drew the view with the
    //    last view's keys first (test/screens/status-hints.test.tsx). One microtask later, as
    //    one frame, throttled (maxFps) or not (debug, a screen reader) as before.
    file: /[\\/]ink[\\/]build[\\/]ink\.js$/,
    edits: [
      [
        `        if (unthrottled) {
            this.rootNode.onRender = this.onRender;`,
        `        const __pbcAfterCommit = (render) => {
            let queued = false;
            return () => {
                if (queued)
                    return;
                queued = true;
                queueMicrotask(() => {
                    queued = false;
                    render();
                });
            };
        };
        if (unthrottled) {
            this.rootNode.onRender = __pbcAfterCommit(this.onRender);`,
      ],
      [
        `            this.rootNode.onRender = () => {
                this.hasPendingThrottledRender = true;
                throttled();
            };`,
        `            const afterCommit = __pbcAfterCommit(throttled);
            this.rootNode.onRender = () => {
                this.hasPendingThrottledRender = true;
                afterCommit();
            };`,
      ],
    ],
  },
  {
    file: /[\\/]ink[\\/]build[\\/]measure-text\.js$/,
    edits: [['const cache = new Map();', `${GEN}\nconst cache = new PbcGenCache(${LIMIT});`]],
  },
  {
    file: /[\\/]ink[\\/]build[\\/]wrap-text\.js$/,
    edits: [
      ['const cache = {};', `${GEN}\nconst cache = new PbcGenCache(${LIMIT});`],
      ['    const cachedText = cache[cacheKey];', '    const cachedText = cache.get(cacheKey);'],
      ['    cache[cacheKey] = wrappedText;', '    cache.set(cacheKey, wrappedText);'],
    ],
  },
  {
    file: /[\\/]ink[\\/]build[\\/]render-node-to-output\.js$/,
    edits: [
      // the layout just measured the same text: share measure-text's cache
      ['const currentWidth = widestLine(text);', 'const currentWidth = __pbcMeasure(text).width;'],
      [
        "import widestLine from 'widest-line';",
        "import widestLine from 'widest-line';\nimport __pbcMeasure from './measure-text.js';",
      ],
    ],
  },
];

/**
 * `source` (the file at `path`) with its patch applied; undefined when no patch is for that
 * file. Throws, naming the file and the anchor, when an anchor is missing.
 */
export function patchInkSource(path, source) {
  const patch = patches.find((p) => p.file.test(path) && !p.unless?.test(path));
  if (patch === undefined) return undefined;
  let out = source;
  for (const [from, to] of patch.edits) {
    if (!out.includes(from))
      throw new Error(
        `scripts/ink-output-cache.mjs: the anchor of a patch is missing in ${path} (Ink or string-width changed; update the patch): ${JSON.stringify(from.split('\n')[0])}`,
      );
    out = out.replace(from, to);
  }
  return out;
}

/**
 * A build that bundles Ink (its output.js) met every patched file; one without Ink (the
 * simulator's, a test bundling string-width alone) need not.
 */
function unmet(applied) {
  if (!applied.has(patches.find((p) => p.file.test('/node_modules/ink/build/output.js'))))
    return [];
  return patches.filter((p) => !applied.has(p)).map((p) => String(p.file));
}

/** esbuild plugin (scripts/build.mjs, bench/lib.mjs). */
export const inkOutputCache = {
  name: 'ink-output-cache',
  setup(build) {
    const applied = new Set();
    build.onStart(() => applied.clear());
    for (const patch of patches) {
      build.onLoad({ filter: patch.file }, async (args) => {
        const contents = patchInkSource(args.path, await readFile(args.path, 'utf8'));
        if (contents === undefined) return undefined; // (another package's copy: `unless`)
        applied.add(patch);
        return { contents, loader: 'js' };
      });
    }
    build.onEnd((result) => {
      if (result.errors.length > 0) return undefined;
      const missing = unmet(applied);
      if (missing.length === 0) return undefined;
      return {
        errors: missing.map((file) => ({
          text: `scripts/ink-output-cache.mjs: Ink is bundled but no file matched ${file} (Ink or string-width moved it; update the patch)`,
        })),
      };
    });
  },
};

/**
 * The same patches as a Vite plugin, for the tests (vitest.config.ts): Ink, widest-line and
 * their string-width copies must be inlined (test.server.deps.inline) so that Vite loads them.
 */
/** The packages whose files the patches edit (vitest.config.ts must inline them too). */
const PATCHED_PACKAGES =
  /[\\/]node_modules[\\/](?:ink|widest-line|string-width|@alcalzone[\\/]ansi-tokenize)[\\/].*\.js$/;

export function inkPatchesForVite() {
  return {
    name: 'ink-output-cache',
    enforce: 'pre',
    // Ink's files are loaded here (not left to Vite) to drop their source-map comments: the
    // maps point to sources Ink does not ship, and Vite warns about each file.
    async load(id) {
      const path = id.split('?')[0];
      if (!PATCHED_PACKAGES.test(path)) return null;
      const source = (await readFile(path, 'utf8')).replace(/^\/\/# sourceMappingURL=.*$/m, '');
      return { code: patchInkSource(path, source) ?? source, map: null };
    },
  };
}
