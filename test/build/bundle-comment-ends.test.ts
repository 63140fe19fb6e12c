/**
 * The bundle's programs are written without the end of a comment where that keeps their
 * meaning (scripts/bundle-comment-ends.mjs), so that the loader compiles each as the slice
 * of the bundle's text it is: regular expressions, strings and untagged templates mean what
 * they meant; comments and tagged templates (a tag may read the raw text) are left alone.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { withoutCommentEnds } from '../../scripts/bundle-comment-ends.mjs';

const END = '*/';
/** What an expression's text evaluates to, as JSON (a RegExp as its matches of `SAMPLES`). */
const SAMPLES = ['', 'a', 'ab: ', 'x*/y', '*', '/', 'ERROR: x', 'aaa*/', ':   y'];
function value(expression: string): string {
  const v = runInNewContext(`(${expression})`, { raw: String.raw });
  if (v instanceof Object && 'exec' in v)
    return JSON.stringify(SAMPLES.map((s) => (v as RegExp).exec(s)?.slice()));
  return JSON.stringify(v);
}

describe('the bundle programs without the end of a comment', () => {
  it.each([
    ['a regular expression ending with a star', String.raw`/^[A-Z0-9_]+:\s*/`],
    ['one with flags', String.raw`/^error:\s*/gi`],
    ['an escaped star at the end', String.raw`/a\*/`],
    ['a star and a slash in a class', '/[*/]+/'],
    ['both', '/[*/]x*/y'],
    ['a string', `"*/*"`],
    ['a string with an escaped star', String.raw`'\*/'`],
    ['a template', '`a */ b`'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template's text, as in a program
    ['a template with a substitution', '`a */ ${1 + 1} */ b`'],
  ])('%s: the same meaning, no end of a comment', (_what, expression) => {
    expect(expression).toContain(END);
    const out = withoutCommentEnds(expression);
    expect(out).not.toContain(END);
    expect(value(out)).toBe(value(expression));
  });

  it('leaves comments, tagged templates and text without one as they are', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template's text, as in a program
    for (const text of ['/* a */ 1', 'raw`a */ b`', 'raw`a ${1} */ b`', 'a / b * c', '`x`']) {
      expect(withoutCommentEnds(text)).toBe(text);
    }
  });

  it('rewrites only the literals, in a program that holds all of them', () => {
    const program = 'const r = /x*/g; /* c */ const s = "*/"; const t = raw`*/`;';
    const out = withoutCommentEnds(program);
    expect(out).toBe('const r = /x*(?:)/g; /* c */ const s = "*\\/"; const t = raw`*/`;');
  });
});
