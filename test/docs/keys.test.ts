import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { keysMarkdown } from '../../scripts/gen-keys.mjs';

describe('docs/keys.md', () => {
  it('is the keymap table as the binary has it (regenerate: node scripts/gen-keys.mjs)', async () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'keys.md'), 'utf8');
    expect(doc).toBe(await keysMarkdown());
  });
});
