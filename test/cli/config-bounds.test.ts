/**
 * Config files are bounded: `validate`, `diff` and `apply -f` refuse a file over the size
 * limit (8 MiB, --max-file-size, PBC_MAX_FILE) before reading or parsing it — exit 2, one
 * line, nothing sent —, a string value over 65,536 characters and more than 10,000 aliases
 * are problems at FILE:LINE:COL, and `ports:` takes only interface names (`__proto__`,
 * `constructor` and other odd keys are refused where they stand).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, oneErrorLine, startCliSim } from './helpers.js';
import { inProcess, pbcInProcess } from './in-process.js';

let s: CliSim;
const dir = mkdtempSync(join(tmpdir(), 'pbc-config-bounds-'));
beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s.close());

/** A file of `bytes` bytes: a rule, then comment lines (valid YAML whatever its size). */
function padded(name: string, bytes: number, head = 'rules: []\n'): string {
  const line = `# ${'x'.repeat(77)}\n`;
  const file = join(dir, name);
  writeFileSync(file, head + line.repeat(Math.ceil((bytes - head.length) / line.length)));
  return file;
}

describe('config file size limit', () => {
  it('validate refuses a file over 8 MiB before parsing it: exit 2, one line', async () => {
    // broken YAML after the first line: a syntax error would show had it been parsed
    const file = padded('big.yaml', 9 * 1024 * 1024, 'rules: [\n');
    const r = await pbcInProcess(['validate', '-f', file]);
    expect(r.code).toBe(2);
    expect(oneErrorLine(r)).toBe(
      `pbc: validate: ${file} is 9 MiB, over the limit of 8 MiB for a config file (nothing was parsed; raise the limit with --max-file-size (e.g. --max-file-size 32MiB) or PBC_MAX_FILE)`,
    );
  });

  it('--max-file-size and PBC_MAX_FILE set the limit; a file within it is read', async () => {
    const file = padded('small.yaml', 100 * 1024);
    expect((await pbcInProcess(['validate', '-f', file])).code).toBe(0);
    const flag = await pbcInProcess(['validate', '-f', file, '--max-file-size', '64KiB']);
    expect(flag.code).toBe(2);
    expect(oneErrorLine(flag)).toMatch(
      /small\.yaml is 100(\.\d)? KiB, over the limit of 64 KiB for a config file/,
    );
    const env = await pbcInProcess(['validate', '-f', file], { env: { PBC_MAX_FILE: '64k' } });
    expect(env.code).toBe(2);
    expect(oneErrorLine(env)).toMatch(/over the limit of 64 KiB/);
    const bad = await pbcInProcess(['validate', '-f', file, '--max-file-size', 'lots']);
    expect(bad.code).toBe(2);
    expect(oneErrorLine(bad)).toMatch(/--max-file-size must be a size/);
  });

  it('diff and apply refuse it too, nothing sent; stdin is cut at the limit', async () => {
    const file = padded('small2.yaml', 100 * 1024);
    const before = await s.requests();
    for (const cmd of ['diff', 'apply']) {
      const r = await s.run([cmd, '-f', file, '--max-file-size', '64KiB', '--yes']);
      expect(r.code, r.stderr).toBe(2);
      expect(oneErrorLine(r)).toMatch(/small2\.yaml is 100(\.\d)? KiB, over the limit of 64 KiB/);
    }
    const piped = await pbcInProcess(['validate', '-f', '-', '--max-file-size', '64KiB'], {
      input: `rules: []\n${'# padding\n'.repeat(10_000)}`,
    });
    expect(piped.code).toBe(2);
    expect(oneErrorLine(piped)).toMatch(/<stdin> is over 64 KiB, over the limit of 64 KiB/);
    expect(await s.requests()).toBe(before);
  });
});

describe('config file parsing is bounded', () => {
  it('a string value over 65,536 characters is a problem at its place', async () => {
    const file = join(dir, 'long.yaml');
    writeFileSync(
      file,
      `rules:\n  - priority: 10\n    match: { in_port: 1 }\n    actions: [ output:2 ]\n    description: ${'d'.repeat(70_000)}\n`,
    );
    const r = await pbcInProcess(['validate', '-f', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `${file}:5:18: description is 70,000 characters long, over the limit of 65,536\n`,
    );
  });

  it('more than 10,000 aliases stop the reading with a problem', async () => {
    const rules = ['rules:', '  - {priority: 1, match: &m {in_port: 1}, actions: &a [output:2]}'];
    for (let p = 2; p <= 5002; p++) rules.push(`  - {priority: ${p}, match: *m, actions: *a}`);
    const file = join(dir, 'aliases.yaml');
    writeFileSync(file, `${rules.join('\n')}\n`);
    const r = await pbcInProcess(['validate', '-f', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^\S+aliases\.yaml:5003:29: more than 10,000 aliases \(\*name\) in the file: not read further\n$/,
    );
  });
});

describe('ports: only interface names', () => {
  it('refuses __proto__, constructor and a name no interface has, at FILE:LINE:COL', async () => {
    const file = join(dir, 'ports.yaml');
    writeFileSync(
      file,
      'ports:\n  __proto__: {shutdown: true}\n  constructor: {shutdown: true}\n  "eth 0/1;rm": {shutdown: true}\n  eth-0-2: {shutdown: true}\n',
    );
    const r = await pbcInProcess(['validate', '-f', file]);
    expect(r.code).toBe(2);
    const why = '(an interface name such as eth-0-1: letters, digits, . _ / : -, at most 64)';
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      `${file}:2:3: '__proto__' is not a port name ${why}`,
      `${file}:3:3: 'constructor' is not a port name ${why}`,
      `${file}:4:3: 'eth 0/1;rm' is not a port name ${why}`,
    ]);
  });

  it('JSON __proto__ too; and a good file still says how many ports it sets', async () => {
    const file = join(dir, 'ports.json');
    writeFileSync(file, '{"ports": {"__proto__": {"shutdown": true}}}\n');
    const r = await pbcInProcess(['validate', '-f', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/ports\.json:1:12: '__proto__' is not a port name/);
    const good = join(dir, 'good.yaml');
    writeFileSync(good, 'ports:\n  eth-0-2: {shutdown: true}\n  xe-1/0/1: {shutdown: false}\n');
    const ok = await pbcInProcess(['validate', '-f', good, '-o', 'json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ valid: true, ports: 2 });
  });
});
