// The training run of the single executable's code cache (scripts/sea-loader.cjs): the
// console, run from the bundle through the loader in a pty (script(1), 100×30), against a
// simulator in a process of its own, until its first frame with the device's data; then `q`,
// and the loader writes V8's code cache — every function compiled so far — at exit.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';

/** Text the console draws only once the device answered (as bench/startup.mjs). */
const DATA_MARKERS = ['pb-lab-01', '192.0.2.10', 'link up'];
const ESCAPES = /\u001B\[[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)|\u001B./g;

const freePort = () =>
  new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });

async function listening(port, until) {
  for (;;) {
    const ok = await new Promise((done) => {
      const c = connect(port, '127.0.0.1', () => {
        c.end();
        done(true);
      });
      c.on('error', () => done(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`sea-train: the simulator did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function env(extra) {
  const e = {
    ...process.env,
    PBC_CONFIG: '/nonexistent/pbc-sea-train.yaml',
    TERM: 'xterm-256color',
    ...extra,
  };
  for (const k of [
    'PBC_URL',
    'PBC_USER',
    'PBC_PASSWORD',
    'PBC_CONTEXT',
    'NODE_EXTRA_CA_CERTS',
    'NODE_OPTIONS',
  ])
    delete e[k];
  return e;
}

/** Runs the console once until its first frame with data; the loader writes `cacheOut`. */
function consoleOnce(bundleDir, url, cacheOut, timeoutMs) {
  const loader = join(bundleDir, 'sea-loader.cjs');
  const command = `stty cols 100 rows 30; exec '${process.execPath}' '${loader}' --url ${url}`;
  return new Promise((done, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      stdio: ['pipe', 'pipe', 'ignore'],
      env: env({ PBC_SEA_TRAIN_OUT: cacheOut }),
    });
    let text = '';
    let quit = false;
    child.stdin.on('error', () => {});
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `sea-train: no first frame with data within ${timeoutMs} ms:\n${text.slice(-1500)}`,
        ),
      );
    }, timeoutMs);
    child.stdout.on('data', (d) => {
      if (quit) return;
      text += d.toString().replace(ESCAPES, '');
      if (DATA_MARKERS.every((m) => text.includes(m))) {
        quit = true;
        child.stdin.write('q');
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      done();
    });
  });
}

/** Trains the code cache of `bundleDir/pbc.cjs` into `cacheOut`; its size in bytes. */
export async function train(bundleDir, cacheOut, timeoutMs = 60_000) {
  const port = await freePort();
  const sim = spawn(process.execPath, [join(bundleDir, 'pbc.cjs'), 'sim', '--port', String(port)], {
    stdio: 'ignore',
    env: env({}),
  });
  try {
    await listening(port, Date.now() + timeoutMs);
    await consoleOnce(bundleDir, `http://127.0.0.1:${port}/rest`, cacheOut, timeoutMs);
  } finally {
    sim.kill('SIGTERM');
  }
  if (!existsSync(cacheOut)) throw new Error('sea-train: the console wrote no code cache');
  return statSync(cacheOut).size;
}
