/**
 * scripts/bundle-loader.mjs picks a code cache per command word before commander is loaded,
 * so it keeps its own list of the global options that take a value. It must be program.ts's:
 * a value taken for a command word would give the run another command's cache.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/commands/program.js';

const loader = readFileSync(join(import.meta.dirname, '../../scripts/bundle-loader.mjs'), 'utf8');

describe('the bundle loader', () => {
  it('knows every global option that takes a value, as program.ts defines them', () => {
    const list = /const VALUE_OPTIONS = new Set\(\[([^\]]*)\]\)/.exec(loader)?.[1] ?? '';
    const loaders = [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]).sort();
    const program = buildProgram();
    const valued = program.options
      .filter((o) => o.required || o.optional)
      .flatMap((o) => [o.long, o.short].filter((n): n is string => n !== undefined))
      .sort();
    expect(loaders).toEqual(valued);
  });
});
