/**
 * Issue 28, "one confirmation": every console write asks through one hook
 * (src/screens/dialogs/use-ask.ts). It alone puts a question on record in the console's state
 * (store/confirmation.ts, what test/screens/confirm-watch.ts checks writes against) and
 * decides whether a confirming key came after the question was drawn (key-clock.ts useSeen).
 * A second path (a screen recording or timing its own confirmation) fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The files of the console (widgets, screens, tui) whose text matches `pattern`. */
const using = (pattern: RegExp) =>
  ['src/widgets', 'src/screens', 'src/tui']
    .flatMap((d) => sources(join(repo, d)))
    .filter((f) => pattern.test(readFileSync(f, 'utf8')))
    .map((f) => relative(repo, f))
    .sort();

describe('one confirmation hook', () => {
  it("only use-ask records a confirmation in the console's state", () => {
    expect(using(/store\/confirmation\.js'/)).toEqual(['src/screens/dialogs/use-ask.ts']);
  });

  it('only use-ask times a confirming key against the question on screen', () => {
    expect(using(/\buseSeen\(/)).toEqual([
      'src/screens/dialogs/use-ask.ts',
      'src/screens/key-clock.ts',
    ]);
  });
});
