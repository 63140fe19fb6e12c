/**
 * docs/coverage.md names every operation of the REST service exactly once (the same list
 * docs/cli.md has, which test/cli/docs.test.ts checks against the spec), each with a
 * console screen and the CLI command that docs/cli.md gives for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const OPERATION = /^\| `((?:GET|POST|PUT|DELETE) \/[^`]*)` \| (.*?) \| (.*?) \|$/;

function rows(file: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
    const m = OPERATION.exec(line.replaceAll('\\|', '¦'));
    if (!m) continue;
    expect(out.has(m[1]!), `${m[1]} listed twice in ${file}`).toBe(false);
    out.set(m[1]!, [m[2]!, m[3]!]);
  }
  return out;
}

/** `apps start APP …` → `apps start`: the command words before arguments and options. */
const commandWords = (text: string) =>
  text
    .replace(/`/g, '')
    .replace(/^pbc /, '')
    .split(' ')
    .filter((w) => /^[a-z][a-z-]*$/.test(w))
    .slice(0, 2)
    .join(' ');

describe('docs/coverage.md', () => {
  const coverage = rows('docs/coverage.md');
  const cli = rows('docs/cli.md');

  it('lists every operation of docs/cli.md, and nothing else', () => {
    expect(cli.size).toBe(77);
    expect([...coverage.keys()].sort()).toEqual([...cli.keys()].sort());
  });

  it('gives each a console screen and the CLI command of docs/cli.md', () => {
    for (const [op, [screen, command]] of coverage) {
      expect(screen, op).toMatch(/^(header|[1-9] )/);
      expect(commandWords(command!), op).toBe(commandWords(cli.get(op)![0]!));
    }
  });
});
