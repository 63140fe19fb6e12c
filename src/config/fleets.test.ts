import { describe, expect, it } from 'vitest';
import { fleetContexts, parseConfig } from './config.js';

const CONTEXTS = `contexts:
  - name: a
    url: http://a/rest
  - name: b
    url: http://b/rest
`;

describe('fleets in the config file', () => {
  it('reads fleets as lists of contexts and hands them out in file order', async () => {
    const cfg = await parseConfig(`${CONTEXTS}fleets:\n  lab: [b, a]\n  one: [a]\n`, 'c.yaml');
    expect(cfg.fleets).toEqual({ lab: ['b', 'a'], one: ['a'] });
    expect(fleetContexts(cfg, 'lab').map((c) => c.url)).toEqual(['http://b/rest', 'http://a/rest']);
  });

  it('refuses a fleet naming an unknown context, naming the file and the fleet', async () => {
    await expect(parseConfig(`${CONTEXTS}fleets:\n  lab: [a, c]\n`, 'c.yaml')).rejects.toThrow(
      "config file c.yaml: fleet 'lab' names an unknown context 'c' (known contexts: a, b)",
    );
    await expect(parseConfig(`${CONTEXTS}fleets:\n  lab: a\n`, 'c.yaml')).rejects.toThrow(
      /fleet 'lab' must be a non-empty list/,
    );
    await expect(parseConfig(`${CONTEXTS}fleets:\n  lab: [a, a]\n`, 'c.yaml')).rejects.toThrow(
      /lists context 'a' twice/,
    );
    await expect(parseConfig(`${CONTEXTS}fleets: [a]\n`, 'c.yaml')).rejects.toThrow(
      /'fleets' must be a mapping/,
    );
  });

  it('an unknown fleet name is one clear line listing the known ones', async () => {
    const cfg = await parseConfig(`${CONTEXTS}fleets:\n  lab: [a]\n`, 'c.yaml');
    expect(() => fleetContexts(cfg, 'prod')).toThrow(
      "no fleet 'prod' in c.yaml (known fleets: lab)",
    );
  });
});
