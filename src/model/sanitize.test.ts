import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasControls, sanitize, sanitizeLine } from './sanitize.js';

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
  it('sanitizeLine is sanitize, skipping the work only when nothing would change (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(sanitizeLine(s)).toBe(sanitize(s));
      }),
      { numRuns: 2000 },
    );
    expect(sanitizeLine('\u202etxt.exe')).toBe('?txt.exe');
  });
});
