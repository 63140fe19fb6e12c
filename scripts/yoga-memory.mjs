// Ink's layout engine, yoga-layout, is an Emscripten build whose WebAssembly declares its own
// memory: 16 MiB at start (Emscripten's default INITIAL_MEMORY; 256 pages of 64 KiB), allowed
// to grow to 2 GiB (ALLOW_MEMORY_GROWTH: its loader grows the memory and renews its views when
// malloc needs more). V8 counts a WebAssembly memory as external memory, and external memory
// allocated since the last full collection counts against the old generation's limit: in the
// single executable, whose limit V8 has lowered to ~20 MB by the time yoga starts (its heap is
// ~9 MB), those 16 MiB start incremental marking at once, and a Mark-Compact fell before the
// console's first frame in every run (docs/performance.md, issue 33's start-up, branch gc33).
// What yoga holds is ~74 KB of data and stack, then ~0.6 KB per node (the Overview: ~80); every
// build therefore ships it with 1 MiB at start (`YOGA_INITIAL_PAGES`), growing as before beyond.
// Same-length edit of the memory section's `initial` (a padded LEB128 of two bytes, as valid as
// the short one); anything else than the one memory, growable, of 256 pages fails the build.

/** 1 MiB: ~1,500 yoga nodes before the first growth (a console screen has a few hundred). */
export const YOGA_INITIAL_PAGES = 16;

const MEMORY_SECTION = 5;

/** `wasm` (yoga's module bytes) with its memory's initial size `pages`: a new Buffer. */
export function yogaInitialMemory(wasm, pages = YOGA_INITIAL_PAGES) {
  const bytes = Buffer.from(wasm);
  if (bytes.readUInt32BE(0) !== 0x0061736d) throw new Error('yoga-memory: not WebAssembly');
  let at = 8;
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++];
      value += (byte & 127) * 2 ** shift;
      if (!(byte & 128)) return value;
    }
  };
  while (at < bytes.length) {
    const id = bytes[at++];
    const length = leb();
    const end = at + length;
    if (id === MEMORY_SECTION) {
      const count = leb();
      const flags = leb();
      const initialAt = at;
      const initial = leb();
      // (flags 1: a maximum follows, the memory may grow; two bytes: 256 is 0x80 0x02)
      if (count !== 1 || flags !== 1 || at - initialAt !== 2 || initial !== 256)
        throw new Error(
          `scripts/yoga-memory.mjs: yoga's memory is not the expected one (${count} memory, flags ${flags}, ${initial} pages): update the patch`,
        );
      if (pages < 1 || pages > 256) throw new Error(`yoga-memory: ${pages} pages`);
      bytes[initialAt] = 0x80 | (pages & 127);
      bytes[initialAt + 1] = pages >> 7;
      return bytes;
    }
    at = end;
  }
  throw new Error('scripts/yoga-memory.mjs: no memory section in yoga-layout (update the patch)');
}

const DATA_URL = /H="data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/;

/** The WebAssembly of yoga-layout's Emscripten loader `text` (its data URL's bytes). */
export function yogaLoaderWasm(text) {
  const m = DATA_URL.exec(text);
  if (!m) throw new Error('scripts/yoga-memory.mjs: no WebAssembly data URL in yoga-layout');
  return Buffer.from(m[1], 'base64');
}

/** yoga-layout's Emscripten loader `text` with the WebAssembly of its data URL so edited. */
export function yogaLoaderInitialMemory(text) {
  const wasm = yogaInitialMemory(yogaLoaderWasm(text)).toString('base64');
  return text.replace(DATA_URL, () => `H="data:application/octet-stream;base64,${wasm}"`);
}
