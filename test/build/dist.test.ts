/**
 * dist/ is scripts/bundle-loader.mjs (cli.js) over pbc's program and its vendor program in
 * files beside it (scripts/build.mjs), each compiled with a V8 code cache kept in
 * $PBC_CACHE_DIR: made by the first command, used by the next. A cache that cannot be used —
 * corrupt, or in a directory that cannot be written — costs only speed: the command's answer
 * is the same.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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

/** `pbc get rules -o json` and `pbc doctor -o json` with the cache in `cacheDir`. */
async function getAndDoctor(cacheDir: string) {
  const env = { PBC_CACHE_DIR: cacheDir };
  const rules = await s.run(['get', 'rules', '-o', 'json'], { env });
  expect(rules.code, rules.stderr).toBe(0);
  const doctor = await s.run(['doctor', '-o', 'json'], { env });
  expect(doctor.code, doctor.stderr).toBe(0);
  return { names: json(rules).map((r: { name: string }) => r.name), cache: json(doctor).codeCache };
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

  it("the first command leaves pbc's program's cache, the next uses it", async () => {
    const cacheDir = join(dir, 'fresh');
    const first = await getAndDoctor(cacheDir);
    expect(first.names).toContain('tap-1');
    expect(await readdir(cacheDir)).toEqual([
      expect.stringMatching(/^checked-[0-9a-f]{16}-pbc-command-v[\d.]+-\w+\.v8cache$/),
    ]);
    // the doctor ran after `get` had left the cache
    expect(first.cache).toBe('used');
  });

  it('a corrupt cache is refused, the answer is the same, and the cache made again', async () => {
    const cacheDir = join(dir, 'corrupt');
    const good = await getAndDoctor(cacheDir);
    const [file] = await readdir(cacheDir);
    const path = join(cacheDir, file!);
    const bytes = await readFile(path);
    // a cache of the right size whose bytes are garbage after V8's header
    bytes.fill(0x5a, 64);
    await writeFile(path, bytes);
    const env = { PBC_CACHE_DIR: cacheDir };
    const doctor = await s.run(['doctor', '-o', 'json'], { env });
    expect(doctor.code, doctor.stderr).toBe(0);
    expect(json(doctor).codeCache).toBe('rejected');
    const again = await getAndDoctor(cacheDir);
    expect(again.names).toEqual(good.names);
    expect(again.cache).toBe('used');
  });

  it('a cache directory that cannot be made costs only speed', async () => {
    const notADir = join(dir, 'a-file');
    await writeFile(notADir, 'not a directory\n');
    const r = await getAndDoctor(join(notADir, 'cache'));
    expect(r.names).toContain('tap-1');
    expect(r.cache).toBe('none');
  });
});
