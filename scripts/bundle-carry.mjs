// How the single-file bundle carries its programs (scripts/build.mjs --single): the text of
// each CommonJS program as one block comment after scripts/bundle-loader.mjs, written so that
// the loader gets it back with the least work at every start (docs/performance.md, "The bundle's
// start and the get path's weight"):
// - ASCII only: one character outside it (an en dash in a regular expression) made Node
//   decode the whole 2 MB file, twice, into two-byte strings, and V8 scan it as such. Each
//   non-ASCII UTF-16 unit is written \uXXXX (scripts/sea-esm.mjs `asciiOnly`, the executable's too).
//   Then the loader takes the program's bytes as latin1, the cheapest decoding there is.
// - The vendor program (the second, scripts/bundle-vendor.mjs), which `pbc get` never runs,
//   is packed (brotli, then base64): 1.2 MB of text V8 scanned at every start, in 0.4 MB;
//   unpacking it costs the console and the simulator ~4 ms when they require it.
// - `*/`, which would end the comment, is first written out of the program's regular
//   expressions and strings, with the same meaning (scripts/bundle-comment-ends.mjs): esbuild's
//   output then holds none, and the loader compiles the slice of the bundle's text the comment
//   is, with no copy. Any left (a comment, a template literal) is written `*E/` with E the first
//   of ESCAPES the program never holds as `*E/` itself: undone with one replaceAll (a copy of
//   the program), where the regular expression that also undid an escaped `~` cost ~3 ms over 2 MB.

import { brotliCompressSync } from 'node:zlib';
import { transformSync } from 'esbuild';
import { withoutCommentEnds } from './bundle-comment-ends.mjs';
import { asciiOnly } from './sea-esm.mjs';

// candidates for E, the character the end of a comment is written with
const ESCAPES = ['~', '!', '#', '%', '@', '^', '|', '&'];
/** The line between the loader and the programs' comments. */
export const PROGRAM_MARK = '//@pbc-program';
/**
 * The function whose body holds the comments: the loader takes them from its text, a slice
 * of the source Node read to start the bundle, instead of reading the file again.
 */
const CARRIED = '__pbcCarried';

/**
 * A CommonJS program as the loader compiles it: a function of CommonJS's five arguments.
 * Written so in dist's files and the bundle's comments, the loader compiles the text it read
 * as it is (no copy of it made to wrap it at every start).
 */
export const asFunction = (program) =>
  `(function (exports, require, module, __filename, __dirname) {${program}\n})`;

/**
 * scripts/bundle-loader.mjs with its placeholders set: the programs' `key`, the `vendor` names,
 * the `escapedEnd` of a comment (the bundle's) or the program `files` beside it (dist's).
 */
export function loaderText(loader, { key, vendor, escapedEnd = '', files, packed = [] }) {
  return loader
    .replace('= __PBC_PACKED__;', () => `= ${JSON.stringify(packed)};`)
    .replace('= __PBC_KEY__;', () => `= ${JSON.stringify(key)};`)
    .replace('= __PBC_FILES__;', () => `= ${JSON.stringify(files)};`)
    .replace('= __PBC_ESCAPED_END__;', () => `= ${JSON.stringify(escapedEnd)};`)
    .replace('= __PBC_VENDOR__;', () => `= ${JSON.stringify(vendor)};`);
}

/**
 * The loader as a CommonJS script: Node starts one ~3 ms sooner than an ES module (it does not
 * set up its ES module loader for it).
 */
function commonJsLoader(text) {
  return transformSync(text, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    define: { 'import.meta.url': '__pbcLoaderUrl' },
    banner: "const __pbcLoaderUrl = require('node:url').pathToFileURL(__filename).href;",
    logLevel: 'warning',
  }).code;
}

/**
 * The bundle's text: `loader` with its placeholders set (the programs' `key`, the escaped
 * end of a comment, the `vendor` names the second program serves), then the mark and each of `programs` as one block comment (pbc's
 * own first, then its vendor program: scripts/bundle-vendor.mjs).
 */
export function carryProgram(loader, programs, { key, vendor, packed = vendor.map(() => true) }) {
  // (a packed program is base64: no `*/` in it whatever its text)
  const texts = programs.map((p, i) =>
    asFunction(i > 0 && packed[i - 1] ? asciiOnly(p) : withoutCommentEnds(asciiOnly(p))),
  );
  const mark = ESCAPES.find((e) => texts.every((t) => !t.includes(`*${e}/`)));
  if (mark === undefined) throw new Error('bundle: no escape for */ that the programs lack');
  const escapedEnd = `*${mark}/`;
  const head = commonJsLoader(loaderText(loader, { key, vendor, escapedEnd, files: null, packed }));
  const comments = texts
    .map((t, i) =>
      i > 0 && packed[i - 1]
        ? `/*${brotliCompressSync(t).toString('base64')}*/\n`
        : `/*${t.replaceAll('*/', escapedEnd)}*/\n`,
    )
    .join('');
  return `#!/usr/bin/env node\n${head}\n${PROGRAM_MARK}\nfunction ${CARRIED}() {\n${comments}}\n`;
}
