// esbuild plugin for Ink 6's text pipeline, applied when pbc is bundled:
//
// 1. Ink computes the styled characters and display width of every line of every frame
//    from scratch (its caches live in a per-frame Output object). In a full-screen console
//    most lines are the same from one frame to the next, so those caches outlive the frame.
// 2. Ink measures each text node's width uncached on every frame (widest-line): cached.
// 3. Ink's own module-level caches for measuring and wrapping text never forget anything,
//    so a console that runs for days with changing numbers grows without bound: bounded.
//
// Every cache is keyed by the text itself, so a hit is always exact, and every cache is
// dropped whole past its limit. A file whose source does not match what is expected
// (another Ink version) is left alone. Effect measured in docs/performance.md.
import { readFile } from 'node:fs/promises';

const LIMIT = 5_000;
/** Styled lines hold an object per character: keep fewer (a screen is at most a few dozen lines). */
const LINE_LIMIT = 2_000;

const patches = [
  {
    file: /[\\/]ink[\\/]build[\\/]output\.js$/,
    edits: [
      ['    caches = new OutputCaches();', '    caches = __pbcSharedCaches();'],
      [
        'export default class Output',
        `let __pbcCaches;
function __pbcSharedCaches() {
    if (__pbcCaches === undefined || __pbcCaches.styledChars.size > ${LINE_LIMIT} || __pbcCaches.widths.size + __pbcCaches.blockWidths.size > ${LIMIT}) {
        __pbcCaches = new OutputCaches();
    }
    return __pbcCaches;
}
export default class Output`,
      ],
    ],
  },
  {
    file: /[\\/]ink[\\/]build[\\/]measure-text\.js$/,
    edits: [['    cache.set(text, dimensions);', `    if (cache.size > ${LIMIT}) cache.clear();\n    cache.set(text, dimensions);`]],
  },
  {
    file: /[\\/]ink[\\/]build[\\/]wrap-text\.js$/,
    edits: [
      ['const cache = {};', 'let cache = {};\nlet __pbcCount = 0;'],
      ['    cache[cacheKey] = wrappedText;', `    if (++__pbcCount > ${LIMIT}) {\n        cache = {};\n        __pbcCount = 0;\n    }\n    cache[cacheKey] = wrappedText;`],
    ],
  },
  {
    file: /[\\/]ink[\\/]build[\\/]render-node-to-output\.js$/,
    edits: [
      ['const currentWidth = widestLine(text);', 'const currentWidth = __pbcWidest(text);'],
      [
        "import widestLine from 'widest-line';",
        `import widestLine from 'widest-line';
const __pbcWidths = new Map();
function __pbcWidest(text) {
    let w = __pbcWidths.get(text);
    if (w === undefined) {
        if (__pbcWidths.size > ${LIMIT}) __pbcWidths.clear();
        w = widestLine(text);
        __pbcWidths.set(text, w);
    }
    return w;
}`,
      ],
    ],
  },
];

export const inkOutputCache = {
  name: 'ink-output-cache',
  setup(build) {
    for (const patch of patches) {
      build.onLoad({ filter: patch.file }, async (args) => {
        let source = await readFile(args.path, 'utf8');
        if (!patch.edits.every(([from]) => source.includes(from))) return undefined;
        for (const [from, to] of patch.edits) source = source.replace(from, to);
        return { contents: source, loader: 'js' };
      });
    }
  },
};
