/** README and docs are true for a newcomer on a fresh clone (issue 29). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const files = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const text = (f: string) => readFileSync(join(root, f), 'utf8');

describe('README and docs on a fresh clone', () => {
  it('point at nothing outside the repository (a clone has no ../shared)', () => {
    for (const f of files) expect(`${f}: ${text(f)}`).not.toMatch(/\.\.\/shared\//);
  });

  it('every relative link names a file the clone has', () => {
    for (const f of files)
      for (const [, target] of text(f).matchAll(/\]\(([^)#:\s]+)(?:#[^)]*)?\)/g))
        expect(existsSync(resolve(root, dirname(f), target!)), `${f} → ${target}`).toBe(true);
  });

  it('the quick start says how to run pbc, since npm install puts nothing on the PATH', () => {
    const quick = text('README.md').split('## Using the console')[0]!;
    expect(quick).toContain('npx pbc');
    expect(quick).toContain('npm link');
  });
});
