// The single-file bundle's second program (scripts/build.mjs --single): the big packages only
// the console, the simulator or a config file need — Ink, React, yoga, fastify, yaml,
// prom-client — bundled apart from pbc's own program, which requires them by name through
// the loader (scripts/bundle-loader.mjs: `require` of one of VENDOR). One program of 2 MB
// cost every start ~4 ms more than one of 0.9 MB (V8 scans the text and rebuilds the code
// cache of its whole top level, which holds every function esbuild hoisted there; measured
// in docs/performance.md): `pbc get` now compiles pbc's program alone, the console both.
// Each package is one instance (React, Ink and its layout engine are shared by Ink, its text
// input and pbc's screens), and is evaluated only when first required.

/**
 * What pbc's program requires from the vendor programs (its imports of these are external), in
 * two programs: the console's (with yaml, which any command with a config file needs) and the
 * simulator's and exporter's. The console compiles the first alone (0.5 of the 1.2 MB), the
 * simulator the second. The bundle (scripts/bundle-carry.mjs) carries the console's as text,
 * as pbc's own (~0.4 ms more for every start to scan, ~2.5 ms less for the console than
 * unpacking it), the simulator's `packed` (brotli, base64).
 */
export const VENDOR_GROUPS = [
  {
    name: 'ui',
    packages: ['ink', 'ink-text-input', 'react', 'react/jsx-runtime', 'yaml', 'yoga-layout'],
    packed: false,
  },
  { name: 'server', packages: ['fastify', 'prom-client'], packed: true },
];
export const VENDOR = VENDOR_GROUPS.flatMap((g) => g.packages);

/** A vendor program's entry: each package a getter, so only what is used is evaluated. */
export const vendorEntry = (packages) =>
  `module.exports = {\n${packages.map((v) => `  get ${JSON.stringify(v)}() { return require(${JSON.stringify(v)}); },`).join('\n')}\n};\n`;
