/**
 * All of a command's output reaches a slow pipe (`pbc get rules -o json | jq` with 4,100
 * rules was cut at a multiple of 64 KiB, exit 0), and a failed write is an error.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadSyntheticRules } from '../harness/device-fixtures.js';
import { baseEnv, type CliSim, cli, oneErrorLine, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

const N = 4100;
let s: CliSim;
beforeAll(async () => {
  // A stopped clock: counters and the device time do not move, so two runs print the same bytes.
  const t = Date.parse('2026-11-25T06:00:00Z');
  s = inProcess(await startCliSim({ now: () => t }));
  loadSyntheticRules(s.sim.state, N, 'big');
});
afterAll(() => s?.close());

const dir = mkdtempSync(join(tmpdir(), 'pbc-out-'));

interface Run {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/**
 * pbc with stdout to `out`: 'slow' = a pipe read a chunk at a time with a pause after each
 * (so the pipe is full while pbc writes), 'close' = a pipe closed after the first chunk,
 * or a file descriptor (a file: written synchronously, never cut; /dev/full).
 */
function run(args: string[], out: 'slow' | 'close' | number): Promise<Run> {
  const child = spawn(process.execPath, [cli, '--url', s.url, ...args], {
    env: baseEnv(),
    stdio: ['ignore', typeof out === 'number' ? out : 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  const reading = (async () => {
    const chunks: Buffer[] = [];
    if (!child.stdout) return Buffer.alloc(0);
    for await (const chunk of child.stdout) {
      chunks.push(chunk as Buffer);
      if (out === 'close') {
        child.stdout.destroy();
        break;
      }
      await sleep(5);
    }
    return Buffer.concat(chunks);
  })();
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', async (code) => resolve({ code, stdout: await reading, stderr }));
  });
}

/** The same command with stdout to a file: the complete output to compare with. */
async function reference(args: string[]): Promise<Buffer> {
  const file = join(dir, `${args.join('_')}.out`);
  const fd = openSync(file, 'w');
  try {
    const r = await run(args, fd);
    expect(r.code, r.stderr).toBe(0);
  } finally {
    closeSync(fd);
  }
  return readFileSync(file);
}

describe('output to a pipe', () => {
  it.each([
    ['json', (text: string) => (JSON.parse(text) as unknown[]).length],
    ['yaml', (text: string) => (parseYaml(text) as unknown[]).length],
    // The header and one line per rule.
    ['table', (text: string) => text.trimEnd().split('\n').length - 1],
  ])(
    'get rules -o %s reaches a slow reader complete, byte for byte',
    async (format, count) => {
      const args = ['get', 'rules', '-o', format];
      const whole = await reference(args);
      const piped = await run(args, 'slow');
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stderr).toBe('');
      expect(piped.stdout.length).toBe(whole.length);
      expect(piped.stdout.equals(whole)).toBe(true);
      const text = piped.stdout.toString('utf8');
      expect(text.endsWith('\n')).toBe(true);
      // The simulator's own few rules and the 4,100 loaded ones.
      expect(count(text)).toBeGreaterThanOrEqual(N);
      expect(text).toContain(`big-${N - 1}`);
    },
    60_000,
  );

  it('stops quietly (exit 0) when the reader closes the pipe early', async () => {
    const r = await run(['get', 'rules', '-o', 'json'], 'close');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  }, 60_000);
});

describe.skipIf(!existsSync('/dev/full'))('a failed write', () => {
  it('stdout on a full device: exit 1 and one line saying the output is incomplete', async () => {
    const fd = openSync('/dev/full', 'w');
    try {
      for (const format of ['json', 'table']) {
        const r = await run(['get', 'rules', '-o', format], fd);
        expect(r.code, r.stderr).toBe(1);
        expect(oneErrorLine({ code: r.code ?? -1, stdout: '', stderr: r.stderr })).toMatch(
          /^pbc: output incomplete: cannot write to stdout: no space left on device/,
        );
      }
    } finally {
      closeSync(fd);
    }
  }, 60_000);
});
