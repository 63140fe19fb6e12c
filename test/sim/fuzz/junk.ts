/** Junk values: random text (control characters, lone surrogates), hostile objects, any JSON. */
import type { Rng } from './rng.js';
import { Num, Obj, obj, type Val } from './values.js';

export function text(r: Rng): string {
  switch (r.int(0, 6)) {
    case 0:
      return Array.from({ length: r.int(0, 12) }, () =>
        String.fromCharCode(r.int(0x20, 0x7e)),
      ).join('');
    case 1: // control characters
      return Array.from({ length: r.int(1, 8) }, () =>
        String.fromCharCode(r.pick([r.int(0, 0x1f), 0x7f, 0x41])),
      ).join('');
    case 2: // any UTF-16 code unit, lone surrogates included
      return Array.from({ length: r.int(1, 8) }, () => String.fromCharCode(r.int(0, 0xffff))).join(
        '',
      );
    case 3:
      return r.pick([
        '\ud800',
        '\udc00x',
        'x\ud83d',
        '\ud83d\ude00',
        '\ufeff',
        '\u2028\u2029',
        '\uffff',
        '\u0000',
        'é',
        '%',
        '%zz',
        '%00',
        '&=[]',
        '"\\',
      ]);
    case 4:
      return 'x'.repeat(r.int(100, 5000));
    case 5:
      return r.pick([
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        'valueOf',
      ]);
    default:
      return String(r.int(-5, 70000));
  }
}

/** Objects whose own keys shadow Object.prototype: String(x) throws on some of them. */
function hostileObject(r: Rng): Obj {
  return r.pick([
    obj({ toString: 1 }),
    obj({ valueOf: 'x', toString: 'y' }),
    obj({ toString: obj({}) }),
    obj({ __proto__: obj({ polluted: 'yes' }) }),
    obj({ constructor: obj({ prototype: obj({ polluted: 'yes' }) }) }),
    obj({ hasOwnProperty: 'x', in_port: '1' }),
    obj({ toJSON: 'x' }),
  ]);
}

export function junk(r: Rng, depth = 0): Val {
  if (r.chance(0.05)) return hostileObject(r);
  switch (r.int(0, depth > 2 ? 6 : 8)) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.pick([0, -1, 1.5, -0, 1e308, 2 ** 53, 65536, 4294967296]);
    case 3:
      return new Num(
        r.pick([
          '18446744073709551616',
          '-18446744073709551617',
          '1e400',
          '-1e-400',
          '123456789012345678901234567890',
          '0.1e1',
          '1E+2',
          '-0',
          '9007199254740993',
        ]),
      );
    case 4:
    case 5:
      return text(r);
    case 6:
      return r.pick(['', '1', 'true', 'output:2', '[', '["a"]', '{}', 'null']);
    case 7:
      return Array.from({ length: r.int(0, 3) }, () => junk(r, depth + 1));
    default:
      return new Obj(
        Array.from({ length: r.int(0, 3) }, (): [string, Val] => [
          r.chance(0.5) ? text(r) : r.pick(['in_port', 'x', '0', '']),
          junk(r, depth + 1),
        ]),
      );
  }
}
