/**
 * How the single-file bundle carries its program (scripts/bundle-carry.mjs): the file is
 * ASCII whatever the program holds, and the loader (scripts/bundle-loader.mjs) runs exactly
 * the program it was given: ends of comments, the escape's own characters and text outside
 * ASCII come back as they were.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { carryProgram } from '../../scripts/bundle-carry.mjs';
import { root } from '../cli/helpers.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** A vendor program serving `yaml` (scripts/bundle-vendor.mjs); it holds text outside ASCII too. */
const VENDOR_PROGRAM = `module.exports = { get yaml() { return { name: 'yaml ✓ */' }; } };`;

/**
 * Runs `program` (a CommonJS script) carried in a bundle with VENDOR_PROGRAM; its stdout and
 * the bundle's text.
 */
async function runCarried(
  program: string,
  packed = [true],
  nodeArgs: string[] = [],
): Promise<{ stdout: string; stderr: string; text: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'pbc-carry-'));
  dirs.push(dir);
  const loader = await readFile(join(root, 'scripts/bundle-loader.mjs'), 'utf8');
  const text: string = carryProgram(loader, [program, VENDOR_PROGRAM], {
    key: 'carry-test',
    vendor: [['yaml']],
    packed,
  });
  await writeFile(join(dir, 'pbc.cjs'), text);
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [...nodeArgs, join(dir, 'pbc.cjs'), 'x'],
    { env: { PATH: process.env.PATH ?? '', PBC_CACHE_DIR: join(dir, 'cache') } },
  );
  return { stdout, stderr, text };
}

describe('the bundle carries its program', () => {
  // what the program holds (and prints): every case the comment's writing must survive
  const held = ['/* a */', '*~/', '*!/', '~~/', 'a–b', 'ü ✓ 𝔸'];
  const program = `/* a comment */ const held = ${JSON.stringify(held)};
const dash = /(\\d+)\\s*(?:\\.\\.|–)\\s*(\\d+)/.exec('3–7');
process.stdout.write(JSON.stringify({ held, dash: [dash[1], dash[2]], yaml: require('yaml').name }));
`;

  it.each([
    ['packed', true],
    ['as text', false],
  ])('in ASCII, and runs it as it was written (vendor program %s)', async (_how, packedVendor) => {
    // the raw program holds `*/` and text outside ASCII, as the real one does
    expect(program).toMatch(/\*\//);
    expect(program).toMatch(/[^\x00-\x7f]/);
    const { stdout, text } = await runCarried(program, [packedVendor]);
    expect(text).not.toMatch(/[^\x00-\x7f]/);
    // the program's require of a vendor name gets the vendor program's export
    expect(JSON.parse(stdout)).toEqual({ held, dash: ['3', '7'], yaml: 'yaml ✓ */' });
  });

  it('writes the end of a comment with an escape the program does not hold', async () => {
    const { text } = await runCarried(program);
    // the program holds `*~/` itself: the loader is told the next candidate, `*!/`… is
    // held too, so the third
    expect(text).toContain('const ESCAPED_END = "*#/";');
    // after the mark, in the body of the function the loader takes them from, one comment
    // per program, with no end of a comment but its own
    const mark = '\n//@pbc-program\nfunction __pbcCarried() {\n';
    const comments = text.slice(text.indexOf(mark) + mark.length);
    expect(comments.startsWith('/*') && comments.endsWith('*/\n}\n')).toBe(true);
    const bodies = comments.slice(2, -5).split('*/\n/*');
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(body).not.toContain('*/');
    // the vendor program, which `pbc get` never runs, is packed: brotli in base64
    expect(bodies[1]).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('takes its programs from the text Node read to start it, not from its file again', async () => {
    // counts the reads of the bundle's file: Node's own, to start it, is the only one, where
    // the loader read the file again for pbc's program and again for a vendor program
    const dir = await mkdtemp(join(tmpdir(), 'pbc-carry-reads-'));
    dirs.push(dir);
    const counter = join(dir, 'count-reads.cjs');
    await writeFile(
      counter,
      `const fs = require('node:fs');
const read = fs.readFileSync;
let reads = 0;
fs.readFileSync = function (path, ...rest) {
  if (String(path) === process.argv[1]) reads++;
  return read.call(this, path, ...rest);
};
process.on('exit', () => process.stderr.write('reads of the bundle: ' + reads));
`,
    );
    for (const packedVendor of [true, false]) {
      const { stdout, stderr } = await runCarried(program, [packedVendor], ['--require', counter]);
      // both programs ran: pbc's, and the vendor program it required yaml from
      expect(JSON.parse(stdout).yaml).toBe('yaml ✓ */');
      expect(stderr).toBe('reads of the bundle: 1');
    }
  });
});
