/**
 * `npm run sea` (scripts/sea.mjs): dist-sea/pbc-linux-x64 runs with no Node reachable. Each
 * run happens in a mount namespace (`unshare -m`, as root) where an empty file is bound over
 * the node binary and an empty directory over the repository's node_modules, with PATH an
 * empty directory and the working directory outside the repository. There it prints its
 * version, reads a simulator (started here, by the test's own Node) with `get device`,
 * reports itself in `doctor` (started from its V8 startup snapshot), serves `pbc sim`, and
 * draws the console in tmux, in colour unless NO_COLOR (decided on this terminal, not frozen
 * into the snapshot at build time).
 *
 * .ci/run builds the executable before the tests: under CI a missing executable, unshare or
 * tmux fails the test. Elsewhere a missing executable is built here (about 20 s), and
 * without the rights for a mount namespace node is hidden by PATH alone (said on stderr).
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinCodeCache, seaSnapshot } from '../../scripts/sea-code-cache.mjs';
import { yogaInitialMemory, yogaLoaderWasm } from '../../scripts/yoga-memory.mjs';
import { type SimServer, startSim } from '../../src/sim/server.js';
import { hasTmux, TmuxSession } from '../e2e/tmux.js';

const root = join(import.meta.dirname, '..', '..');
const exe = join(root, 'dist-sea', `pbc-${platform()}-${arch()}`);
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const ci = process.env.CI === 'true';
const dir = mkdtempSync(join(tmpdir(), 'pbc-sea-'));
const emptyBin = join(dir, 'bin');
const emptyDir = join(dir, 'empty');
const emptyFile = join(dir, 'empty-file');
const node = realpathSync(process.execPath);
let sim: SimServer;
/** The command prefix that hides node; `[]` when only PATH hides it. */
let hide: string[] = [];
const sessions: TmuxSession[] = [];

function unshareWorks(): boolean {
  try {
    execFileSync('unshare', ['-m', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The mount namespace: node and node_modules empty, then `exec` the rest with PATH empty. */
function namespace(): string[] {
  const script = [
    'mount --bind "$1" "$2" && mount --bind "$3" "$4" || exit 99',
    'shift 4',
    `exec env PATH=${emptyBin} "$@"`,
  ].join('\n');
  const mods = join(root, 'node_modules');
  return ['unshare', '-m', 'sh', '-c', script, 'sh', emptyFile, node, emptyDir, mods];
}

function env(): Record<string, string> {
  return {
    PATH: `${emptyBin}`,
    HOME: dir,
    TERM: 'xterm-256color',
    PBC_CONFIG: join(dir, 'no-such-config.yaml'),
    PBC_STATE_DIR: join(dir, 'state'),
  };
}

/** Runs `args` (a command line, node hidden) from the temporary directory. */
function hidden(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [file, ...rest] = [...hide, ...args];
  const path = hide.length ? '/usr/sbin:/usr/bin:/sbin:/bin' : emptyBin;
  return new Promise((resolve) => {
    execFile(
      file!,
      rest,
      { cwd: dir, env: { ...env(), PATH: path }, timeout: 30_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

beforeAll(async () => {
  mkdirSync(emptyBin);
  mkdirSync(emptyDir);
  execFileSync('touch', [emptyFile]);
  if (!existsSync(exe)) {
    expect(ci, `${exe} missing: .ci/run builds it with npm run sea`).toBe(false);
    execFileSync(process.execPath, [join(root, 'scripts', 'sea.mjs')], {
      cwd: root,
      stdio: 'ignore',
      timeout: 280_000,
    });
  }
  if (unshareWorks()) hide = namespace();
  else {
    expect(ci, 'unshare -m must work under CI (it runs as root)').toBe(false);
    process.stderr.write(
      'sea.test: no mount namespace here (not root?): node hidden by PATH only\n',
    );
  }
  sim = await startSim({ port: 0, host: '127.0.0.1', seed: 7 });
}, 300_000);

afterAll(async () => {
  for (const s of sessions) s.kill();
  await sim?.app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("what the executable's startup snapshot holds (scripts/sea.mjs)", () => {
  // the scripts the executable was built from: the snapshot's, or its fallback's
  const built = ['snapshot', 'bundle'].map((d) => join(root, 'dist-sea', d)).find(existsSync)!;
  const script = (name: string) => readFileSync(join(built, name), 'utf8');

  it("holds pbc's script in ASCII, so V8 keeps it one byte a character", () => {
    // one character past ASCII (a regular expression's en dash) made it two bytes a character
    expect(script('pbc.cjs')).toMatch(/^[\x00-\x7f]*$/);
  });

  it("leaves the servers out of pbc's script: sim.cjs and exporter.cjs, assets compiled when they start", () => {
    expect(script('pbc.cjs')).not.toContain('fastify');
    expect(script('pbc.cjs')).not.toContain('prom-client');
    expect(script('sim.cjs')).toContain('fastify');
    expect(script('exporter.cjs')).toContain('prom-client');
    for (const name of ['sim.cjs', 'exporter.cjs']) expect(script(name)).toMatch(/^[\x00-\x7f]*$/);
  });

  it("requires node:crypto and node:child_process at first use, not into the snapshot's heap", () => {
    // (what is loaded when the snapshot is made is deserialized at every start: ~20 of Node's
    // modules for these two, which neither `get` nor the console's first frame uses)
    const snapshotScript = readFileSync(join(root, 'dist-sea', 'snapshot', 'pbc.cjs'), 'utf8');
    for (const id of ['crypto', 'child_process']) {
      expect(snapshotScript).not.toMatch(new RegExp(`\\brequire\\("(node:)?${id}"\\)`));
      expect(snapshotScript).toContain(`__pbcLazyBuiltin("node:${id}")`);
    }
    // and node:http(s), which cannot be in a snapshot, not at all: pbc speaks HTTP on node:net
    // (node:tls loaded for an https device only, src/api/exchange.ts)
    expect(snapshotScript).not.toMatch(/\b(require|__pbcLazyBuiltin)\("(node:)?https?"\)/);
    expect(snapshotScript).not.toMatch(/\brequire\("(node:)?tls"\)/);
  });

  it("carries Node's code cache only for the modules not in its heap (scripts/sea-code-cache.mjs)", () => {
    const file = readFileSync(exe);
    // the SEA blob: where its magic starts a blob whose snapshot's code cache reads
    const magic = Buffer.from([0x20, 0xda, 0x43, 0x01]);
    let ids: string[] | undefined;
    for (let at = file.indexOf(magic); at >= 0 && !ids; at = file.indexOf(magic, at + 1)) {
      const where = seaSnapshot(file.subarray(at));
      const snap = where && file.subarray(at + where.start, at + where.end);
      ids = snap && builtinCodeCache(snap)?.entries.map((e) => e.id);
    }
    // node:fs and node:events are loaded by every snapshot, node:net by pbc's transport; node:http
    // only by `pbc sim`, after the start, from its cache (Node 20 carries 324 modules' caches)
    expect(ids).toBeDefined();
    expect(ids).not.toContain('fs');
    expect(ids).not.toContain('events');
    expect(ids).not.toContain('net');
    expect(ids).toContain('_http_server');
    expect(ids!.length).toBeLessThan(250);
  });

  it("leaves yoga's WebAssembly out of pbc's script: yoga.wasm, an asset", () => {
    // 'AGFzbQ' is base64 for the module's magic number, '\0asm'
    expect(script('pbc.cjs')).not.toContain('AGFzbQ');
    const wasm = readFileSync(join(built, 'yoga.wasm'));
    expect(wasm.subarray(0, 4).toString('latin1')).toBe('\0asm');
    // with 1 MiB of memory at start, not 16 (scripts/yoga-memory.mjs): the stock bytes so edited
    const loader = readFileSync(
      join(root, 'node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js'),
      'utf8',
    );
    expect(wasm.equals(yogaInitialMemory(yogaLoaderWasm(loader)))).toBe(true);
  });
});

describe('the single executable, with no node reachable', () => {
  it('finds no node: not on PATH, the binary itself empty, no node_modules', async () => {
    const onPath = await hidden(['/bin/sh', '-c', 'command -v node || echo none']);
    expect(onPath.stdout.trim()).toBe('none');
    if (hide.length === 0) return;
    // (wc and ls from the system's PATH: it is the namespace that is checked here)
    const binary = await hidden([
      '/usr/bin/env',
      'PATH=/usr/bin:/bin',
      'sh',
      '-c',
      `wc -c < ${node}; ls -A ${root}/node_modules | wc -l`,
    ]);
    expect(binary.stdout.split(/\s+/).filter(Boolean)).toEqual(['0', '0']);
  });

  it('prints its version (--version, -V)', async () => {
    for (const flag of ['--version', '-V']) {
      const r = await hidden([exe, flag]);
      expect(r, r.stderr).toMatchObject({ code: 0, stdout: `${version}\n` });
    }
  });

  it('reads the device (get device) and says it is the single executable (doctor)', async () => {
    const r = await hidden([exe, 'get', 'device', '--url', sim.url, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'pb-lab-01', model: 'PB-2800' });
    const d = await hidden([exe, 'doctor', '--url', sim.url, '-o', 'json']);
    expect(d.code, d.stderr).toBe(0);
    expect(JSON.parse(d.stdout)).toMatchObject({
      version,
      singleExecutable: true,
      // npm run sea made the startup snapshot (scripts/sea-snapshot.mjs), not its fallback
      codeCache: 'snapshot',
      node: process.version,
      device: { reached: true, name: 'pb-lab-01' },
    });
  });

  it('scrapes the device for Prometheus (pbc exporter --once: exporter.cjs from the executable)', async () => {
    const r = await hidden([exe, 'exporter', '--url', sim.url, '--once']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^pbc_up\{device="[^"]+"\} 1$/m);
  });

  it('serves the simulator (pbc sim) and stops on SIGTERM', async () => {
    const [file, ...rest] = [...hide, exe, 'sim', '--port', '0'];
    const path = hide.length ? '/usr/sbin:/usr/bin:/sbin:/bin' : emptyBin;
    const child = spawn(file!, rest, { cwd: dir, env: { ...env(), PATH: path } });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+\/rest)\n/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`pbc sim exited ${code}: ${out}`)));
    });
    const rules = await hidden([exe, 'get', 'rules', '--url', url, '-o', 'json']);
    expect(rules.code, rules.stderr).toBe(0);
    expect(
      JSON.parse(rules.stdout)
        .map((x: { name: string }) => x.name)
        .sort(),
    ).toEqual(['https-3', 'tap-1', 'tap-2', 'udp-range']);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);

  /** The console in tmux (80×24, node hidden), once its first frame with data is drawn. */
  async function consoleSession(
    extraEnv: Record<string, string> = {},
    args = ['--url', sim.url],
  ): Promise<TmuxSession> {
    expect(hasTmux(), 'tmux is required for this test (.ci/run installs it)').toBe(true);
    const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
    const path = hide.length ? '/usr/sbin:/usr/bin:/sbin:/bin' : emptyBin;
    const command = [...hide, exe, ...args].map(quote).join(' ');
    const s = new TmuxSession(command, {
      columns: 80,
      rows: 24,
      cwd: dir,
      env: { ...env(), PATH: path, ...extraEnv },
    });
    sessions.push(s);
    const frame = await s.waitFor(
      (x) => x.includes('pb-lab-01') && x.includes('TCAM') && x.includes('Environment'),
      30_000,
    );
    expect(frame).toContain('[1 Overview]');
    return s;
  }
  /** A foreground colour (SGR 30–37, 90–97 or 38;…) anywhere on the screen. */
  const COLOUR = /\u001b\[(?:[0-9;]*;)?(?:3[0-8]|9[0-7])(?:;[0-9;]*)?m/;

  it("draws the console's first frame with the device's data in tmux (80×24), in colour; q quits", async () => {
    const s = await consoleSession();
    expect(s.styledScreen()).toMatch(COLOUR);
    s.keys('3');
    await s.waitFor((x) => x.includes('[3 Rules]') && x.includes('https-3'));
    s.keys('q');
    await s.waitFor((x) => x.includes('after-pbc'));
    expect(s.status()).toBe('exit=0');
  }, 60_000);

  it('runs the console against a simulator of its own (--demo: sim.cjs from the executable)', async () => {
    const s = await consoleSession({}, ['--demo']);
    expect(s.screen()).toContain('[DEMO]');
    s.keys('q');
    await s.waitFor((x) => x.includes('after-pbc'));
    expect(s.status()).toBe('exit=0');
  }, 60_000);

  it('draws no colour with NO_COLOR set on the host', async () => {
    const s = await consoleSession({ NO_COLOR: '1' });
    expect(s.styledScreen()).not.toMatch(COLOUR);
    s.keys('q');
    await s.waitFor((x) => x.includes('after-pbc'));
  }, 60_000);

  it('makes a password (node:crypto), loaded at first use', async () => {
    const out = join(dir, 'admin-password.txt');
    const passwd = `users passwd admin --random --out ${out} --url ${sim.url} --yes`;
    const pw = await hidden([exe, ...passwd.split(' ')]);
    expect(pw.code, pw.stderr).toBe(0);
    expect(readFileSync(out, 'utf8').trim().length).toBeGreaterThanOrEqual(16);
  });

  it('starts its revert guard (node:child_process) from itself, and the guard reverts at expiry', async () => {
    // the guard is the executable run again: `pbc revert-guard ID` (src/guard/spawn.ts), not
    // with its own path before the command, which it took for a command and exited 2
    const rule = '--priority 3977 --match in_port=15 --actions output:14';
    const add = `rules add ${rule} --revert-after 2s --url ${sim.url} --yes`;
    const armed = await hidden([exe, ...add.split(' ')]);
    expect(armed.code, armed.stderr).toBe(0);
    const id = /auto-revert ([0-9a-f]+) in 2s/.exec(armed.stderr)?.[1];
    expect(id, armed.stderr).toBeDefined();
    const has = () => [...sim.state.rules.values()].some((r) => r.priority === 3977);
    expect(has()).toBe(true);
    let state: string | undefined;
    for (let i = 0; i < 200 && state !== 'reverted'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const pending = await hidden([exe, 'pending', '--all', '--url', sim.url, '-o', 'json']);
      state = JSON.parse(pending.stdout).find((r: { id: string }) => r.id === id)?.state;
    }
    expect(state).toBe('reverted');
    expect(has()).toBe(false);
  }, 60_000);
});
