/**
 * Issue 28: no React component function of src/screens or src/tui longer than ~120 lines
 * (scripts/component-lengths.mjs measures; `node scripts/component-lengths.mjs 0` lists all).
 * A screen grows by a reducer, a hook or a view beside it, not by a longer function.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { componentLengths, componentsOf, LIMIT } from '../../scripts/component-lengths.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('component length', () => {
  it('measures function and const components, memo-wrapped ones too, and nothing else', () => {
    const body = (n: number) =>
      Array.from({ length: n }, (_, i) => `  const a${i} = ${i};`).join('\n');
    const text = [
      `export function Long() {\n${body(118)}\n  return null;\n}`,
      `const Arrow = () => {\n${body(3)}\n  return null;\n};`,
      `const Wrapped = memo(function Inner() {\n${body(1)}\n  return null;\n});`,
      `function useHook() {\n${body(200)}\n}`,
      'const NOT_A_FUNCTION = 1;',
    ].join('\n');
    expect(componentsOf('x.tsx', text).map((c) => [c.name, c.lines])).toEqual([
      ['Long', 121],
      ['Arrow', 6],
      ['Wrapped', 4],
    ]);
  });

  it(`no component of src/screens or src/tui is over ${LIMIT} lines`, () => {
    const over = componentLengths(repo)
      .filter((c) => c.lines > LIMIT)
      .map((c) => `${c.name} ${c.file}`);
    expect(over).toEqual([]);
  });
});
