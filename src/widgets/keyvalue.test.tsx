import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderTui } from '../../test/harness/render.js';
import { KeyValue, layoutKeyValue } from './keyvalue.js';

afterEach(() => cleanup());

const pairs = [
  ['Model', 'PB-2800'],
  ['Serial number', 'SN\u001B]0;pwned\u0007-42'],
  ['Uptime', 3600],
  ['Location', null],
] as const;

describe('layoutKeyValue', () => {
  it('aligns values after the longest label', () => {
    const lines = layoutKeyValue(pairs, 40).map((l) => l.label + l.value);
    expect(lines).toEqual([
      'Model         PB-2800',
      'Serial number SN-42',
      'Uptime        3600',
      'Location      —',
    ]);
  });

  it('honours labelWidth and keeps every line within the width', () => {
    const lines = layoutKeyValue([['Description', '日本語'.repeat(20)]], 20, 6);
    expect(lines[0]!.label).toBe('Descr… ');
    for (let w = 0; w < 30; w++) {
      for (const l of layoutKeyValue(pairs, w))
        expect(stringWidth(l.label + l.value)).toBeLessThanOrEqual(w);
    }
  });

  it('renders aligned lines', async () => {
    const h = renderTui(<KeyValue pairs={pairs} width={30} />);
    const frame = await h.waitFor((f) => f.includes('PB-2800'));
    expect(frame.split('\n')[0]).toBe('Model         PB-2800');
    expect(frame).not.toMatch(/\u001B|pwned/);
  });
});
