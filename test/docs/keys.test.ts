import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { keysMarkdown } from '../../scripts/gen-keys.mjs';
import { BINDINGS, SCREENS } from '../../src/tui/keymap.js';

describe('docs/keys.md', () => {
  it('is the keymap table as the binary has it (regenerate: node scripts/gen-keys.mjs)', async () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'keys.md'), 'utf8');
    expect(doc).toBe(await keysMarkdown());
  });

  it("has a section for every screen's own keys, and names screens by title, not by id", async () => {
    const doc: string = await keysMarkdown();
    const sections = doc.split(/^## /m).slice(1);
    const scopes = new Set(BINDINGS.map((b) => b.scope).filter((x) => x !== 'global'));
    for (const scope of scopes) {
      const title = SCREENS.find((s) => s.id === scope)?.title ?? scope;
      const own = sections.find((x) =>
        x.split('\n')[0]!.toLowerCase().includes(title.toLowerCase()),
      );
      expect(own, `no section for ${scope}`).toBeDefined();
      for (const b of BINDINGS.filter((x) => x.scope === scope))
        expect(own, `${scope}: ${b.command}`).toContain(`| ${b.label.replaceAll('|', '\\|')} |`);
    }
    // the one-meaning table lists where each key is bound by screen title
    const meanings = sections.find((x) => x.startsWith('One meaning per key'))!;
    const ids = [...scopes].filter((id) => !SCREENS.some((s) => s.id === id));
    for (const row of meanings.split('\n').filter((l) => l.startsWith('| `'))) {
      const on = row.split(' | ').at(-1)!.replace(/ \|$/, '').split(', ');
      for (const id of [...ids, 'global']) expect(on, row).not.toContain(id);
    }
  });
});
