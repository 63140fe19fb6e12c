// esbuild plugin for the single executable's CommonJS bundle (scripts/build.mjs --sea).
//
// Node 20's single-executable support runs one CommonJS script, and CommonJS has no
// top-level await. Two modules the console needs use one:
//
// 1. yoga-layout (Ink's layout engine) compiles its WebAssembly with
//    `const Yoga = wrapAssembly(await loadYoga())`. Here its entry becomes a module that
//    starts the same loadYoga() (yoga-layout's own 'yoga-layout/load', no top-level await)
//    and exports the promise as `ready`; the default export is a live binding set when it
//    resolves. Ink uses Yoga only inside functions (creating nodes, computing a layout), never
//    while its modules load, so the one rule is: await `ready` before the first render.
//    src/cli.ts does, before it imports the console (`await import('yoga-layout')` and its
//    `ready`), so the console never meets an unset engine. In the ESM builds (dist/, the
//    bundle) the import itself waits for yoga's top-level await and there is no `ready`.
// 2. Ink's reconciler awaits React DevTools and its own package.json at the top level in
//    development mode only (DEV=true), which the console keeps off and the builds stub out:
//    here DevTools count as not installed (Ink then prints its usual warning).
// 3. yoga-layout's Emscripten loader reads its WebAssembly, embedded as a base64 `data:` URL,
//    with fetch(): that loads Node's undici and decodes 120 KB of URL in JavaScript — 25–60 ms
//    of CPU before the first frame (docs/performance.md). Here the loader gets the bytes from
//    Buffer.from(…, 'base64') (native) as its `wasmBinary`, and never calls fetch.
//
// 4. In the executable only (not the bundle): that WebAssembly is not in the script at all but
//    an asset of its own, `yoga.wasm` (`yogaWasmAsset`): 96 KB less text in the startup
//    snapshot, and no base64 to decode before the first frame.
//
// When an anchor is missing (yoga-layout or Ink changed) the build fails, naming the file.
import { readFile } from 'node:fs/promises';
import { yogaLoaderInitialMemory } from './yoga-memory.mjs';
import { REGISTER_METHOD, yogaLoaderTrimmed } from './yoga-trim.mjs';

const YOGA_ENTRY = `import { loadYoga } from './load.js';
let Yoga;
let loading;
export const ready = {
  then(resolve, reject) {
    loading ??= loadYoga().then((y) => {
      Yoga = y;
    });
    return loading.then(resolve, reject);
  },
};
export { Yoga as default };
export * from './generated/YGEnums.js';
`;

/** yoga's memory 1 MiB at start, not 16 (every build: scripts/yoga-memory.mjs says why). */
const yogaMemory = ['var H;H="data:application/octet-stream;base64,', yogaLoaderInitialMemory];

/** Only the yoga methods Ink calls registered at yoga's start (every build: scripts/yoga-trim.mjs). */
const yogaTrim = [REGISTER_METHOD, yogaLoaderTrimmed];

/** 3. above: yoga's WebAssembly from Buffer, not fetch() (every build: scripts/build.mjs). */
const yogaWasm = {
  file: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/,
  edits: [
    yogaMemory,
    yogaTrim,
    [
      'function ya(){return w||"function"!=typeof fetch?',
      'function ya(){w=w||Buffer.from(H.slice(37),"base64");return w||"function"!=typeof fetch?',
    ],
  ],
};

const YOGA_DATA_URL = /H="data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/;

/** The asset's name in the executable, and the file's beside pbc.cjs in dist-sea/. */
export const YOGA_WASM = 'yoga.wasm';

let yogaBytes;

/** The WebAssembly of the yoga-layout just bundled, from its data URL (build.mjs writes it). */
export function yogaWasmBytes() {
  if (!yogaBytes) throw new Error('scripts/sea-esm.mjs: no yoga-layout WebAssembly was bundled');
  return yogaBytes;
}

/** The loader's text without its data URL's payload, which yogaWasmBytes() then returns. */
function yogaWithoutDataUrl(text) {
  const m = YOGA_DATA_URL.exec(text);
  if (!m) throw new Error('scripts/sea-esm.mjs: no WebAssembly data URL in yoga-layout');
  yogaBytes = Buffer.from(m[1], 'base64');
  return text.replace(YOGA_DATA_URL, 'H="data:application/octet-stream;base64,"');
}

/** 4. above: the loader's data URL emptied, its bytes from the asset (or the file beside). */
const YOGA_FROM_ASSET = `function __pbcYogaWasm() {
  const sea = require('node:sea');
  if (sea.isSea()) return new Uint8Array(sea.getRawAsset('${YOGA_WASM}'));
  return require('node:fs').readFileSync(require('node:path').join(__dirname, '${YOGA_WASM}'));
}
`;
const yogaWasmAsset = {
  file: yogaWasm.file,
  edits: [
    yogaMemory,
    yogaTrim,
    [
      'var H;H="data:application/octet-stream;base64,',
      (text) => YOGA_FROM_ASSET + yogaWithoutDataUrl(text),
    ],
    [
      'function ya(){return w||"function"!=typeof fetch?',
      'function ya(){w=w||__pbcYogaWasm();return w||"function"!=typeof fetch?',
    ],
  ],
};

/** file → [anchor, replacement (a function: the whole new source, from the old)] */
const edits = [
  yogaWasm,
  {
    file: /[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/,
    edits: [['const Yoga = wrapAssembly(await loadYoga());', () => YOGA_ENTRY]],
  },
  {
    file: /[\\/]ink[\\/]build[\\/]reconciler\.js$/,
    edits: [
      [
        "await import('./devtools.js');",
        "throw Object.assign(new Error('no React DevTools in the single executable'), { code: 'ERR_MODULE_NOT_FOUND' });",
      ],
      [
        'const packageJson = isDev()\n    ? await loadPackageJson()\n    : { name: undefined, version: undefined };',
        'const packageJson = { name: undefined, version: undefined };',
      ],
    ],
  },
];

/**
 * An esbuild plugin that applies `edits` (file → [anchor, replacement]); an anchor missing
 * fails the build naming `script` (the patch to update), and so, with `required`, does a build
 * that never met one of the files.
 */
export function anchoredEdits(name, script, edits, { required = false } = {}) {
  return {
    name,
    setup(build) {
      const met = new Set();
      for (const edit of edits)
        build.onLoad({ filter: edit.file }, async (args) => {
          let contents = await readFile(args.path, 'utf8');
          for (const [from, to] of edit.edits) {
            if (!contents.includes(from))
              throw new Error(
                `${script}: the anchor of a patch is missing in ${args.path} (update the patch): ${JSON.stringify(from.split('\n')[0])}`,
              );
            contents = typeof to === 'function' ? to(contents) : contents.replace(from, to);
          }
          met.add(edit);
          return { contents, loader: 'js' };
        });
      build.onEnd((result) => {
        const missed = edits.filter((e) => !met.has(e));
        if (required && result.errors.length === 0 && missed.length > 0)
          throw new Error(
            `${script}: no bundled file matched ${missed.map((e) => e.file)} (moved? update the patch)`,
          );
      });
    },
  };
}

export const seaNoTopLevelAwait = anchoredEdits(
  'sea-no-top-level-await',
  'scripts/sea-esm.mjs',
  edits,
);

/** The executable's: as seaNoTopLevelAwait, with yoga's WebAssembly an asset (4. above). */
export const seaExeNoTopLevelAwait = anchoredEdits(
  'sea-exe-no-top-level-await',
  'scripts/sea-esm.mjs',
  [yogaWasmAsset, ...edits.slice(1)],
  { required: true },
);

/**
 * `text` (a built script) with every character past ASCII written as a `\uXXXX` escape.
 * esbuild escapes them in strings and names but leaves regular expression literals as
 * written, and one such character anywhere makes V8 hold the whole script as a two-byte
 * string: for the executable's 2 MB script, 4 MB in its startup snapshot, copied out of the
 * file, checksummed and deserialized at every start (docs/performance.md). `\uXXXX` means the
 * same character in a string, a template and a regular expression (with or without the u
 * flag: two escapes of a surrogate pair are one code point there); an identity escape of the
 * character (`\–`) loses its backslash, which stood for the character alone.
 */
export function asciiOnly(text) {
  return text.replace(/(\\*)([^\x00-\x7f])/g, (_, slashes, c) => {
    const kept = slashes.length % 2 ? slashes.slice(1) : slashes;
    return `${kept}\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** Defined in the executable's scripts' banner (toEsmOnce). */
export const TO_ESM_ONCE = `function __pbcToEsmOnce(f){const seen=[new WeakMap,new WeakMap];return(m,node)=>{if(m==null||typeof m!=="object"&&typeof m!=="function")return f(m,node);const s=seen[node?1:0];let ns=s.get(m);if(ns===undefined){ns=f(m,node);s.set(m,ns)}return ns}}`;

/**
 * `text` (an esbuild CommonJS bundle) with esbuild's `__toESM` helper made to answer the same
 * object for the same CommonJS module: esbuild calls it once in every module that imports one
 * (82 times for React, 50 for its JSX runtime), and each call copies every export as a getter
 * of a new object — about 4,000 functions, accessors and dictionaries that the executable's
 * startup snapshot holds and deserializes at every start, for 133 equal objects. Sharing them is
 * safe: an ES module namespace is read-only. Fails when the helper is not found.
 */
export function toEsmOnce(text) {
  const helper =
    /var ([\w$]+) ?= ?\(([\w$]+), ?([\w$]+), ?([\w$]+)\) ?=> ?\(\4 ?= ?\2 ?!= ?null ?\?/g;
  const found = [...text.matchAll(helper)];
  if (found.length !== 1)
    throw new Error(`scripts/sea-esm.mjs: esbuild's __toESM helper found ${found.length} times`);
  const start = found[0].index + found[0][0].indexOf('=', 4) + 1;
  const body = text.indexOf('=>', start) + 2;
  let depth = 0;
  let end = text.indexOf('(', body);
  do {
    const c = text[end++];
    if (c === '(') depth++;
    else if (c === ')') depth--;
  } while (depth > 0);
  return `${text.slice(0, start)}__pbcToEsmOnce(${text.slice(start, end)})${text.slice(end)}`;
}
