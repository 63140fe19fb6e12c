// The single-file bundle's start (npm run bundle, scripts/build.mjs --single): pbc is
// carried as the text of one CommonJS script (the one the single executable runs, built the
// same way) and compiled here with a V8 code cache kept in the user's cache directory:
// $PBC_CACHE_DIR, else $XDG_CACHE_HOME/pbc, else ~/.cache/pbc: one for the console, one for
// the scripted commands. The first run of each on a machine (not --version or --help, which
// compile next to nothing) compiles as without one and leaves its cache: a command at exit,
// the console 2 s after it started, before its memory policy changes V8's flags. Later runs
// skip that compiling (docs/performance.md, "Start-up: dist, bundle and the single executable").
// A cache V8 refuses (another Node, other V8 flags) is made again; one that cannot be read
// or written costs only speed.
//
// scripts/build.mjs appends the program's text to this file as one block comment after the
// line PROGRAM_MARK (a comment is only scanned, where a 2 MB string literal took V8 several
// times longer to parse), in ASCII, with `*/` written ESCAPED_END (scripts/bundle-carry.mjs);
// and replaces __PBC_KEY__ with a hash of the program, so a new build never meets an old cache.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

const KEY = __PBC_KEY__;
// how the end of a comment (star, slash) is written in the program's comment
const ESCAPED_END = __PBC_ESCAPED_END__;
/** How long the first console run of a build waits before it keeps its code cache. */
const CONSOLE_CACHE_MS = 2000;
const PROGRAM_MARK = '\n//@pbc-program\n';
const filename = fileURLToPath(import.meta.url);

/**
 * The program's text: the comment after the mark (the first one: this file's own text names
 * the mark only in quotes), its bytes taken as latin1 (they are ASCII), each ESCAPED_END made the end of a comment again.
 */
function programText() {
  const file = readFileSync(filename);
  const start = file.indexOf('/*', file.indexOf(PROGRAM_MARK)) + 2;
  return file.toString('latin1', start, file.lastIndexOf('*/')).replaceAll(ESCAPED_END, '*/');
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
 * 'console' (no command word: `pbc`, `pbc --demo`, `pbc --context lab`) or 'command'. Each
 * keeps a cache of its own: a command's run compiles little of the console and the other way
 * round. A word taken wrongly costs only speed.
 */
function kindOfRun(args) {
  for (let i = 0; i < args.length; i++) {
    if (VALUE_OPTIONS.has(args[i])) i++;
    else if (!args[i].startsWith('-')) return 'command';
  }
  return 'console';
}

function cacheFile(kind) {
  const env = process.env;
  const dir = env.PBC_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'pbc');
  return join(dir, `bundle-${KEY}-${kind}-${process.version}-${process.arch}.v8cache`);
}

function readCache(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCache(file, script) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}

const kind = kindOfRun(process.argv.slice(2));
const file = cacheFile(kind);
const cachedData = readCache(file);
const script = new vm.Script(
  `(function (exports, require, module, __filename, __dirname) {${programText()}\n})`,
  {
    filename,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  },
);
// what `pbc doctor` says of it
globalThis.__pbcCodeCache =
  cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used';
if (cachedData === undefined || script.cachedDataRejected) {
  // A cache holds what its run compiled: --version or --help compile next to nothing.
  const trivial = process.argv.some((a) => /^(-V|--version|-h|--help|help)$/.test(a));
  let written = trivial;
  const keep = () => {
    if (!written) writeCache(file, script);
    written = true;
  };
  // The console's memory policy changes V8's flags as soon as it runs (src/tui/memory.ts),
  // and V8 refuses a cache made under other flags than its own at start. On the run that
  // makes the console's cache the change waits (CONSOLE_CACHE_MS) until the first frames with
  // the device's data are drawn and compiled, the cache is kept, then the flags are set.
  const setFlags = v8.setFlagsFromString;
  let pending;
  v8.setFlagsFromString = (flags) => {
    if (written || kind !== 'console') {
      keep();
      setFlags(flags);
      return;
    }
    if (pending === undefined)
      setTimeout(() => {
        keep();
        setFlags(pending);
      }, CONSOLE_CACHE_MS).unref();
    pending = flags;
  };
  process.once('exit', keep);
}
const module = { exports: {} };
script.runInThisContext()(
  module.exports,
  createRequire(import.meta.url),
  module,
  filename,
  dirname(filename),
);
// The program follows (scripts/build.mjs).
