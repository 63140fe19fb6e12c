import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasControls, sanitize } from './sanitize.js';

describe('sanitize', () => {
  it('removes CSI, OSC title changes and BEL', () => {
    expect(sanitize('a\u001b[31mred\u001b[0m b')).toBe('ared b');
    expect(sanitize('x\u001b]0;pwned\u0007y')).toBe('xy');
    expect(sanitize('x\u001b]8;;http://e\u001b\\link\u001b]8;;\u001b\\y')).toBe('xlinky');
    expect(sanitize('bell\u0007')).toBe('bell?');
  });
  it('neutralizes backspaces, C1 controls and bidi overrides', () => {
    expect(sanitize('abc\b\b\bxyz')).toBe('abc???xyz');
    expect(sanitize('a\u009b31mb')).toBe('ab');
    expect(sanitize('a\u202eb')).toBe('a?b');
  });
  it('turns newlines into spaces unless asked to keep them', () => {
    expect(sanitize('l1\nl2\r\nl3')).toBe('l1 l2  l3');
    expect(sanitize('l1\nl2\r\nl3', { keepNewlines: true })).toBe('l1\nl2\nl3');
  });
  it('leaves printable text, including wide characters, alone', () => {
    expect(sanitize('eth-0-1 Übertragung 端口 ✓')).toBe('eth-0-1 Übertragung 端口 ✓');
    expect(hasControls('plain')).toBe(false);
    expect(hasControls('a\u001b[2Jb')).toBe(true);
  });
  it('never lets ESC, BEL or C1 controls through (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = sanitize(s);
        expect(out).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/);
      }),
      { numRuns: 2000 },
    );
  });
  it('marks a bidirectional override', () => {
    expect(sanitize('\u202etxt.exe')).toBe('?txt.exe');
  });
  it('returns text with nothing to change as it is, and changes the rest as its four steps do (property)', () => {
    // the four steps, always run (sanitize skips them when no character could be changed)
    const steps = (s: string, keep: boolean) => {
      const out = s
        .replace(
          /\u001b(?:\[[0-?]*[ -/]*[@-~]?|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[PX^_][^\u001b]*(?:\u001b\\)?|[\s\S]?)/g,
          '',
        )
        .replace(/[\u009b][0-?]*[ -/]*[@-~]?|[\u009d][^\u0007\u009c]*[\u0007\u009c]?/g, '');
      const control = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
      return keep
        ? out
            .replace(/\r\n?/g, '\n')
            .replace(control, (c) => (c === '\n' ? c : '?'))
            .replace(/\t/g, '  ')
        : out.replace(control, (c) => (c === '\n' || c === '\r' ? ' ' : '?')).replace(/\t/g, ' ');
    };
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({
        unit: fc.constantFrom('a', '·', '\t', '\r', '\n', '\u001b', '[', '\u009b', '\u202e'),
      }),
    );
    fc.assert(
      fc.property(text, fc.boolean(), (s, keepNewlines) => {
        expect(sanitize(s, { keepNewlines })).toBe(steps(s, keepNewlines));
      }),
      { numRuns: 3000 },
    );
  });
});
