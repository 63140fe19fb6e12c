/**
 * Issue 28, "one confirmation": every console write asks through one hook
 * (src/screens/dialogs/use-ask.ts). It alone puts a question on record in the console's state
 * (store/confirmation.ts, what test/screens/confirm-watch.ts checks writes against) and
 * decides whether a confirming key came after the question was drawn (key-clock.ts useSeen).
 * A second path (a screen recording or timing its own confirmation) fails here. And one
 * confirmation component: every confirmation panel is a ConfirmPanel
 * (src/widgets/confirm-panel.tsx), whose body — each operation's describe() — is built in one
 * place (src/widgets/confirm-body.ts); a second panel or a second body fails here
 * (src/screens/dialogs/one-panel.test.tsx renders both uses and compares their text).
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

describe('one confirmation component', () => {
  it('only ConfirmPanel draws the confirmation panel; the change plans and the dialogs draw ConfirmPanel', () => {
    expect(using(/<ConfirmView\b/)).toEqual(['src/widgets/confirm-panel.tsx']);
    expect(using(/<ConfirmPanel\b/)).toEqual([
      'src/screens/confirm.tsx',
      'src/screens/dialogs/dialog-view.tsx',
    ]);
  });

  it("only confirm-body puts an operation's describe() text in a confirmation", () => {
    // use-ask records the same describe() in the console's state (what the walks check against)
    expect(using(/\.describe\(\)|\brequestText\(|\bsendsLine\(/)).toEqual([
      'src/screens/dialogs/use-ask.ts',
      'src/widgets/confirm-body.ts',
    ]);
  });
});
