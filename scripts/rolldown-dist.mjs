// dist/ (scripts/build.mjs's default path) is bundled by rolldown, not esbuild: rolldown can
// group modules into chosen chunks (output.codeSplitting.groups), esbuild cannot. Every module
// `pbc get …` needs goes into one chunk, `read` (the entry's own imports and the get path's
// shared code), so that path loads 8 files instead of 35 (cli.js, read, rolldown's runtime and
// one-line re-exports of the five modules it imports lazily); the rest is split as before (each
// command family, the console, Ink and React, the simulator in chunks of their own). Measured:
// docs/performance.md, "the lazy command tree". rolldown is the version vite already brings.
//
// The Ink and yoga patches are the esbuild plugins the other builds use, run through
// `fromEsbuild` (the same onStart/onLoad/onEnd code, as rolldown load/buildEnd hooks).
import { join } from 'node:path';
import { RUNTIME_MODULE_ID, rolldown } from 'rolldown';

/**
 * The get path's modules, as lazy.ts and execute.ts import them: they, rolldown's runtime and
 * everything they import statically go into `read` (the entry, src/cli.ts, stays cli.js).
 */
const READ_ROOTS = [
  'src/cli.ts',
  'src/commands/execute.ts',
  'src/commands/get.ts',
  'src/guard/liveness.ts',
  'src/guard/pending.ts',
  'src/api/client.ts',
];

/** A rolldown (rollup-style) plugin running an esbuild plugin's onStart/onLoad/onEnd. */
export function fromEsbuild(plugin) {
  const starts = [];
  const loads = [];
  const ends = [];
  plugin.setup({
    onStart: (f) => starts.push(f),
    onLoad: (options, f) => loads.push([options.filter, f]),
    onEnd: (f) => ends.push(f),
  });
  return {
    name: plugin.name,
    async buildStart() {
      for (const f of starts) await f();
    },
    async load(id) {
      const path = id.split('?')[0];
      for (const [filter, f] of loads) {
        if (!filter.test(path)) continue;
        const result = await f({ path });
        if (result !== undefined) return { code: result.contents, moduleType: 'js' };
      }
      return null;
    },
    async buildEnd(error) {
      for (const f of ends) {
        const result = await f({ errors: error === undefined ? [] : [error] });
        if (result?.errors?.length) throw new Error(result.errors.map((e) => e.text).join('\n'));
      }
    },
  };
}

/**
 * The minifier writes import(`./chunks/x.js`); the chunks' relative imports read
 * import("./chunks/x.js") as esbuild wrote them (test/cli/helpers.ts checks a copied dist/ by them).
 */
const doubleQuotedImports = {
  name: 'double-quoted-imports',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle))
      if (chunk.type === 'chunk')
        chunk.code = chunk.code.replace(/import\(`(\.\.?\/[^`$"\\]+)`\)/g, 'import("$1")');
  },
};

/** `read` for the roots but the entry, rolldown's runtime and all they import statically. */
function readGroup(root) {
  const [entry, ...roots] = READ_ROOTS.map((p) => join(root, p));
  let members;
  return (id, ctx) => {
    if (members === undefined) {
      members = new Set([RUNTIME_MODULE_ID]);
      const walk = (m) => {
        if (m !== entry) members.add(m);
        for (const next of ctx.getModuleInfo(m)?.importedIds ?? [])
          if (next !== entry && !members.has(next)) walk(next);
      };
      for (const r of [entry, ...roots]) walk(r);
    }
    return members.has(id) ? 'read' : null;
  };
}

/** Bundles src/cli.ts into `outdir` (cli.js, chunks/*.js), as the esbuild build did. */
export async function buildDist({ root, outdir, define, alias, plugins, minify }) {
  const bundle = await rolldown({
    input: { cli: join(root, 'src/cli.ts') },
    platform: 'node',
    tsconfig: join(root, 'tsconfig.json'),
    resolve: { alias, extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
    transform: { target: 'node20', define },
    plugins: [...plugins.map(fromEsbuild), doubleQuotedImports],
    // a command module both imported and loaded lazily (get.ts by fleet-doubt.ts, …), as before
    checks: { ineffectiveDynamicImport: false },
    logLevel: 'warn',
  });
  try {
    await bundle.write({
      dir: outdir,
      format: 'esm',
      minify,
      sourcemap: false,
      comments: { legal: false },
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      banner: (chunk) => (chunk.isEntry ? '#!/usr/bin/env node' : ''),
      codeSplitting: { groups: [{ name: readGroup(root), debugName: 'read' }] },
    });
  } finally {
    await bundle.close();
  }
}
