import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParseError } from './errors.js';
import { At, field, Rec } from './shape.js';

/** What `field` finds, by its definition: the key equal to the name with `_`/`-` dropped, any case. */
const squash = (key: string) => key.replace(/[_-]/g, '').toLowerCase();
const byDefinition = (o: Record<string, unknown>, name: string) =>
  Object.hasOwn(o, name) ? o[name] : o[Object.keys(o).find((k) => squash(k) === squash(name))!];

describe('field', () => {
  it('finds a snake_case field written in any case, with or without _ and -, as squashing both does', () => {
    // the Kelvin sign and dotted İ lower-case to ASCII and more; ß does not
    const char = fc.constantFrom('a', 'B', 'k', 'K', '_', '-', '\u212A', '\u0130', 'i', 'ß', 'e');
    const key = fc.array(char, { maxLength: 6 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(
        fc.uniqueArray(key, { maxLength: 5 }),
        fc.constantFrom('k', 'ke', 'a_b', 'i', 'be'),
        (keys, name) => {
          const o = Object.fromEntries(keys.map((k, i) => [k, i]));
          expect(field(o, name)).toBe(byDefinition(o, name));
        },
      ),
      { numRuns: 3000 },
    );
    expect(field({ ifName: 'eth-0-1' }, 'if_name')).toBe('eth-0-1');
    expect(field({ 'Media-Type': 'sfp' }, 'media_type')).toBe('sfp');
    expect(field({ \u212Aey: 1 }, 'key')).toBe(1);
    expect(field({ ifNames: 1 }, 'if_name')).toBeUndefined();
  });
});

describe('Rec', () => {
  it("names the field's path in a failure, and reads a good one without failing", () => {
    const rec = new Rec({ ports: [{ speed: 'fast', port_no: 3 }] }, new At('GET /x'));
    const port = rec.recs('ports')[0]!;
    expect(port.str('port_no')).toBe('3');
    expect(port.int('port_no')).toBe(3);
    const error = (() => {
      try {
        port.int('speed');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).path).toBe('ports[0].speed');
    expect(() => port.counter('speed')).toThrow(
      /GET \/x at ports\[0\]\.speed: expected an integer/,
    );
    expect(() => rec.bool('ports')).toThrow(/at ports: expected a boolean/);
  });
});
