/**
 * dist/ is scripts/bundle-loader.mjs (cli.js) over pbc's program and its vendor program in
 * files beside it (scripts/build.mjs), each compiled with a V8 code cache kept in
 * $PBC_CACHE_DIR: made by the first command, used by the next. A cache that cannot be used —
 * corrupt, or in a directory that cannot be written — costs only speed: the command's answer
 * is the same.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, cli, json, startCliSim } from '../cli/helpers.js';

let s: CliSim;
let dir: string;
beforeAll(async () => {
  s = await startCliSim();
  dir = await mkdtemp(join(tmpdir(), 'pbc-dist-cache-'));
});
afterAll(async () => {
  await s.close();
  await rm(dir, { recursive: true, force: true });
});

/** `pbc get rules -o json`'s rule names, with the caches in `cacheDir`. */
async function ruleNames(cacheDir: string): Promise<string[]> {
  const r = await s.run(['get', 'rules', '-o', 'json'], { env: { PBC_CACHE_DIR: cacheDir } });
  expect(r.code, r.stderr).toBe(0);
  return json(r).map((rule: { name: string }) => rule.name);
}

/** What `pbc doctor` says of its code cache in `cacheDir` (its own: one per command word). */
async function doctorsCache(cacheDir: string): Promise<string> {
  const r = await s.run(['doctor', '-o', 'json'], { env: { PBC_CACHE_DIR: cacheDir } });
  expect(r.code, r.stderr).toBe(0);
  return json(r).codeCache;
}

describe('dist through the code cache', () => {
  it("is the loader and the program files: pbc's, the console's vendor's, the simulator's", async () => {
    expect((await readdir(dirname(cli))).sort()).toEqual([
      'cli.js',
      'pbc.cjs',
      'vendor-server.cjs',
      'vendor-ui.cjs',
    ]);
  });

  it('the first run of a command leaves its cache, the next uses it', async () => {
    const cacheDir = join(dir, 'fresh');
    expect(await ruleNames(cacheDir)).toContain('tap-1');
    // of pbc's program alone: a scripted get compiled neither vendor program (Ink, React,
    // yoga; fastify), which the loader compiles, and keeps a cache of, only when required
    // (was test/cli/get.test.ts's trace of the ES modules dist loaded)
    expect(await readdir(cacheDir)).toEqual([
      expect.stringMatching(/^checked-[0-9a-f]{16}-pbc-get-v[\d.]+-\w+\.v8cache$/),
    ]);
    expect(await doctorsCache(cacheDir)).toBe('none');
    expect(await doctorsCache(cacheDir)).toBe('used');
  });

  it('a corrupt cache is refused, not run, and made again; the answers are the same', async () => {
    const cacheDir = join(dir, 'corrupt');
    const names = await ruleNames(cacheDir);
    await doctorsCache(cacheDir);
    for (const file of await readdir(cacheDir)) {
      const path = join(cacheDir, file);
      const bytes = await readFile(path);
      // the size and V8's header kept, the code after it garbage (V8 alone would run it)
      bytes.fill(0x5a, 64);
      await writeFile(path, bytes);
    }
    expect(await doctorsCache(cacheDir)).toBe('rejected');
    expect(await ruleNames(cacheDir)).toEqual(names);
    expect(await doctorsCache(cacheDir)).toBe('used');
  });

  it("a build writing its cache removes other builds' caches untouched for two weeks", async () => {
    const cacheDir = join(dir, 'pruned');
    await mkdir(cacheDir);
    const old = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    const files = {
      oldOther: 'checked-0123456789abcdef-pbc-get-v20.0.0-x64.v8cache',
      oldLegacy: 'bundle-0123456789abcdef-console-v20.0.0-x64.v8cache',
      oldTmp: 'checked-0123456789abcdef-pbc-get-v20.0.0-x64.v8cache.4242.tmp',
      recentOther: 'checked-fedcba9876543210-pbc-get-v20.0.0-x64.v8cache',
      notOurs: 'notes.txt',
    };
    for (const [what, name] of Object.entries(files)) {
      await writeFile(join(cacheDir, name), 'x');
      if (what !== 'recentOther') await utimes(join(cacheDir, name), old, old);
    }
    expect(await ruleNames(cacheDir)).toContain('tap-1');
    const left = await readdir(cacheDir);
    expect(left).toContain(files.recentOther);
    expect(left).toContain(files.notOurs);
    expect(left).not.toContain(files.oldOther);
    expect(left).not.toContain(files.oldLegacy);
    expect(left).not.toContain(files.oldTmp);
    expect(
      left.filter((f) => /^checked-[0-9a-f]{16}-pbc-get-v[\d.]+-\w+\.v8cache$/.test(f)),
    ).toHaveLength(2);
    // a start that uses its cache writes nothing, and removes nothing
    await writeFile(join(cacheDir, files.oldOther), 'x');
    await utimes(join(cacheDir, files.oldOther), old, old);
    expect(await ruleNames(cacheDir)).toContain('tap-1');
    expect(await readdir(cacheDir)).toContain(files.oldOther);
  });

  it('a cache directory that cannot be made costs only speed', async () => {
    const notADir = join(dir, 'a-file');
    await writeFile(notADir, 'not a directory\n');
    expect(await ruleNames(join(notADir, 'cache'))).toContain('tap-1');
    expect(await doctorsCache(join(notADir, 'cache'))).toBe('none');
  });
});
