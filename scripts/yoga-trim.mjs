// yoga-layout's Emscripten loader registers, when yoga starts (its constructors calling embind's
// `_embind_register_class_function`), every method of yoga's classes as a JavaScript function: 109
// methods, each a name read from the WebAssembly's memory, its argument types resolved and an
// invoker closure made — ~1.5 ms of CPU and ~0.25 MB of heap before the console's first frame, in
// code run once and cold. Ink, yoga-layout's wrapAssembly and the loader itself call ~50 of them;
// the rest (getFlexGrow, getParent, copyStyle, setAspectRatio, …) nothing in pbc calls.
//
// Every build therefore registers only the methods whose name appears as a word in Ink's build,
// in yoga-layout's wrapAssembly.js or in its loader (`yogaKeptMethods`): computed at build time
// from the installed packages, so an Ink that calls a new yoga method keeps it. Static functions
// (Node.create, …), classes, enums and value types are registered as before. A method left out
// is absent from the prototype (a call would be a TypeError, never a wrong layout).
// docs/performance.md, issue 33's start-up ("yoga's start", branch yoga33).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { yogaLoaderWasm } from './yoga-memory.mjs';

const modules = fileURLToPath(new URL('../node_modules/', import.meta.url));

/** embind's registration of a class method in the minified loader (yoga-layout 3.2.1). */
export const REGISTER_METHOD = 'a:function(a,b,c,d,e,f,g,k){var m=pb(c,d);b=N(b);';

/** Every .js file under `dir`, recursively. */
function scripts(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? scripts(join(dir, e.name))
      : e.name.endsWith('.js')
        ? [join(dir, e.name)]
        : [],
  );
}

/** The words (JavaScript identifiers) of the code that calls yoga: Ink's build, wrapAssembly, the loader. */
function callerWords() {
  const files = [
    ...scripts(join(modules, 'ink/build')),
    join(modules, 'yoga-layout/dist/src/wrapAssembly.js'),
    // (the loader's own: embind's `extend` calls notifyOnDestruction)
    join(modules, 'yoga-layout/dist/binaries/yoga-wasm-base64-esm.js'),
  ];
  return new Set(files.flatMap((f) => readFileSync(f, 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? []));
}

/**
 * The yoga method names a build registers: the words of Ink and wrapAssembly that `wasm` holds as
 * the end of a NUL-terminated string (its linker shares tails: `setMeasureFunc` is the end of
 * `unsetMeasureFunc`). A superset of what is called: a word kept needlessly costs nothing.
 */
export function yogaKeptMethods(wasm, words = callerWords()) {
  const text = Buffer.from(wasm).toString('latin1');
  return [...words].filter((w) => text.includes(`${w}\0`)).sort();
}

/** yoga-layout's Emscripten loader `text` registering only the kept methods (the module unchanged). */
export function yogaLoaderTrimmed(text) {
  if (!text.includes(REGISTER_METHOD))
    throw new Error(
      'scripts/yoga-trim.mjs: no method registration in yoga-layout (update the patch)',
    );
  const kept = yogaKeptMethods(yogaLoaderWasm(text));
  const keep = `var __pbcYogaKeep=new Set(${JSON.stringify(kept)});\n`;
  return (
    keep +
    text.replace(
      REGISTER_METHOD,
      'a:function(a,b,c,d,e,f,g,k){b=N(b);if(!__pbcYogaKeep.has(b))return;var m=pb(c,d);',
    )
  );
}
