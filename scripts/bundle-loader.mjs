// The start of dist/ (dist/cli.js, an ES module) and of the single-file bundle (npm run bundle,
// scripts/build.mjs --single: this file as a CommonJS script). pbc is three CommonJS programs:
// pbc's own (the one the single executable runs, built the same way, but for the big packages)
// and two vendor programs (the console's: Ink, React, yoga, yaml; the simulator's: fastify,
// prom-client: scripts/bundle-vendor.mjs), which pbc's program requires by name through this
// loader, each compiled only when first required. dist/ keeps them in files beside this one
// (FILES); the bundle carries them after it. Each is compiled with a V8 code cache kept in the
// user's cache directory: $PBC_CACHE_DIR, else $XDG_CACHE_HOME/pbc, else ~/.cache/pbc: one for
// the console and one per command word. The first run of each on a machine (not --version or
// --help, which compile next to nothing) compiles as without one and leaves its cache: a
// command at exit, the console 2 s after it started, before its memory policy changes V8's
// flags. Later runs skip that compiling (docs/performance.md, "dist through the bundle's
// loader"). A cache V8 refuses (another Node, other V8 flags, a corrupt file: checked()) is
// made again; one that cannot be read or written costs only speed.
//
// In the bundle, scripts/build.mjs appends the programs' texts to this file as block comments
// in the body of a function, __pbcCarried, after the line //@pbc-program (a comment is only
// scanned, where a 2 MB string literal took V8 several times longer to parse), in ASCII, with
// `*/` written ESCAPED_END, the simulator's packed (scripts/bundle-carry.mjs); and replaces
// __PBC_KEY__ with a hash of the programs, so a new build never meets an old cache, and
// __PBC_VENDOR__ with the names each vendor program serves.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

const KEY = __PBC_KEY__;
// dist's loader (dist/cli.js): the programs' files beside it, [pbc's, the vendors'], in ASCII;
// the bundle's: null, the programs are carried after the mark
const FILES = __PBC_FILES__;
// how the end of a comment (star, slash) is written in the programs' comments
const ESCAPED_END = __PBC_ESCAPED_END__;
/** The packages pbc's program requires from each vendor program (scripts/bundle-vendor.mjs). */
const VENDOR = __PBC_VENDOR__;
/** The bundle's: whether each vendor program is carried packed (else as pbc's is). */
const PACKED = __PBC_PACKED__;
/** package → the vendor program serving it */
const vendorOf = new Map(VENDOR.flatMap((packages, i) => packages.map((p) => [p, i])));
/** How long the first console run of a build waits before it keeps its code cache. */
const CONSOLE_CACHE_MS = 2000;
/** Another build's cache untouched this long is removed when this build writes its own. */
const STALE_CACHE_MS = 14 * 24 * 3600 * 1000;
const filename = fileURLToPath(import.meta.url);

/** One of dist's program files, taken as latin1 (it is ASCII). */
const programFile = (name) => readFileSync(join(dirname(filename), name), 'latin1');
/**
 * The bundle's programs: the comments in the body of the function __pbcCarried that ends this
 * file (scripts/bundle-carry.mjs). Its text is a slice of the source Node already read to start
 * this file, so no byte of it is read or copied again (a function's text is a substring of its
 * script's source, which V8 keeps anyway); where the file was read again for each program
 * (1.7 MB, then its latin1 decoding), ~1 ms for `pbc get`, ~2 ms for the console.
 */
let carried;
/** The text of comment `i` in __pbcCarried's body: pbc's program (0), then the vendor programs. */
function comment(i) {
  // (the function's own head holds no comment)
  carried ??= __pbcCarried.toString();
  let start = carried.indexOf('/*') + 2;
  for (let k = 0; k < i; k++) start = carried.indexOf('/*', carried.indexOf('*/', start)) + 2;
  return carried.slice(start, carried.indexOf('*/', start));
}

/** pbc's program's text, each ESCAPED_END made the end of a comment again. */
function pbcProgram() {
  return FILES === null ? comment(0).replaceAll(ESCAPED_END, '*/') : programFile(FILES[0]);
}

/** Vendor program `i`: as pbc's, or packed (brotli, base64). */
function vendorProgram(i) {
  if (FILES !== null) return programFile(FILES[i + 1]);
  const text = comment(i + 1);
  if (!PACKED[i]) return text.replaceAll(ESCAPED_END, '*/');
  const packed = Buffer.from(text, 'base64');
  return nodeRequire('node:zlib').brotliDecompressSync(packed).toString('latin1');
}

/** Global options that take a value: the word after one is not a command. */
const VALUE_OPTIONS = new Set([
  '--url',
  '--user',
  '--context',
  '--fleet',
  '--parallel',
  '--timeout',
  '--max-answer-size',
  '--ca',
  '-o',
  '--output',
]);

/**
 * 'console' (no command word: `pbc`, `pbc --demo`, `pbc --context lab`), else the command's
 * first word (`get`, `sim`, …). Each keeps a cache of its own: a command's run compiles little
 * of the console and the other way round, and `pbc get`'s cache stays the size of what `get`
 * compiles (a cache left by `pbc sim` held the simulator's code too, ~35% more for `get` to
 * read at every start). A word taken wrongly costs only speed.
 */
function kindOfRun(args) {
  for (let i = 0; i < args.length; i++) {
    if (VALUE_OPTIONS.has(args[i])) i++;
    else if (!args[i].startsWith('-'))
      return /^[a-z]{1,20}(-[a-z]{1,20}){0,2}$/.test(args[i]) ? args[i] : 'command';
  }
  return 'console';
}

function cacheFile(name, kind) {
  const env = process.env;
  const dir = env.PBC_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'pbc');
  // `checked-`: made under V8's checksum flag (checked()); a loader before it made `bundle-…`
  return join(dir, `checked-${KEY}-${name}-${kind}-${process.version}-${process.arch}.v8cache`);
}

function readCache(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * `make()` with V8 checking a code cache's checksum, which it does not by default: a corrupt
 * cache would be run (and crash pbc), where a checked one is refused. The flag is part of
 * what a cache is made under (V8 refuses one made under other flags), so caches are made
 * with it too; it is set only for that moment, so Node's own modules' caches still match.
 */
function checked(make) {
  setFlags('--verify-snapshot-checksum');
  try {
    return make();
  } finally {
    setFlags('--no-verify-snapshot-checksum');
  }
}

function writeCache(file, script) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      tmp,
      checked(() => script.createCachedData()),
    );
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}

const kind = kindOfRun(process.argv.slice(2));
// A cache holds what its run compiled: --version or --help compile next to nothing.
const trivial = process.argv.some((a) => /^(-V|--version|-h|--help|help)$/.test(a));
/** Scripts compiled without a cache V8 took, with their cache files: kept by keep(). */
const fresh = [];

function keep() {
  const made = fresh.splice(0);
  if (trivial || made.length === 0) return;
  for (const [cache, script] of made) writeCache(cache, script);
  pruneStale(dirname(made[0][0]));
}

/**
 * Removes other builds' caches (and files a killed write left) not written for STALE_CACHE_MS:
 * each build of pbc keeps its own, so on a host that updates pbc they would pile up for ever.
 * Runs only when this build writes a cache of its own (its first runs), never on a start
 * that uses one. Another build still in use writes its cache again at its next run.
 */
function pruneStale(dir) {
  const before = Date.now() - STALE_CACHE_MS;
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!/\.v8cache(\.\d+\.tmp)?$/.test(name) || name.includes(`-${KEY}-`)) continue;
    try {
      if (statSync(join(dir, name)).mtimeMs < before) rmSync(join(dir, name), { force: true });
    } catch {
      // gone already (another pbc pruned it), or not ours to remove: left as it is
    }
  }
}

// The console's memory policy changes V8's flags as soon as it runs (src/tui/memory.ts),
// and V8 refuses a cache made under other flags than its own at start. On a run that makes
// a console's cache the change waits (CONSOLE_CACHE_MS) until the first frames with the
// device's data are drawn and compiled, the caches are kept, then the flags are set.
const setFlags = v8.setFlagsFromString;
let pendingFlags;
v8.setFlagsFromString = (flags) => {
  if (fresh.length === 0 || kind !== 'console') {
    keep();
    setFlags(flags);
    return;
  }
  if (pendingFlags === undefined)
    setTimeout(() => {
      keep();
      setFlags(pendingFlags);
    }, CONSOLE_CACHE_MS).unref();
  pendingFlags = flags;
};
process.once('exit', keep);

/**
 * A program's `text` compiled with its code cache. The text is already the function of
 * CommonJS's five arguments (scripts/bundle-carry.mjs `asFunction`): compiled as it was read,
 * with no copy made to wrap it (0.9 MB for pbc's).
 */
function compile(name, text) {
  const cache = cacheFile(name, kind);
  const cachedData = readCache(cache);
  const script = checked(
    () =>
      new vm.Script(text, {
        filename,
        cachedData,
        importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
      }),
  );
  const used = cachedData !== undefined && !script.cachedDataRejected;
  if (!used) fresh.push([cache, script]);
  return { script, status: cachedData === undefined ? 'none' : used ? 'used' : 'rejected' };
}

/** Runs a compiled program with `require`; its module.exports. */
function run(script, require) {
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, filename, dirname(filename));
  return module.exports;
}

const nodeRequire = createRequire(filename);
const vendors = [];
/** pbc's program's `require`: the vendor programs' packages, else Node's own modules. */
function pbcRequire(id) {
  const i = vendorOf.get(id);
  if (i === undefined) return nodeRequire(id);
  vendors[i] ??= run(compile(`vendor${i}`, vendorProgram(i)).script, nodeRequire);
  return vendors[i][id];
}

const pbc = compile('pbc', pbcProgram());
// what `pbc doctor` says of it
globalThis.__pbcCodeCache = pbc.status;
run(pbc.script, pbcRequire);
// The programs follow (scripts/build.mjs).
