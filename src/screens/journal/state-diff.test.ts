import { describe, expect, it } from 'vitest';
import { diffLines, foldedDiff } from './state-diff.js';

const json = (v: unknown) => JSON.stringify(v, null, 1).split('\n');

describe('the state diff of the Journal screen', () => {
  it('marks the changed lines and keeps the unchanged ones', () => {
    const before = json({ priority: 300, actions: ['output:3'], name: 'a' });
    const after = json({ priority: 300, actions: ['output:4'], name: 'a' });
    expect(foldedDiff(diffLines(before, after))).toEqual([
      '  {',
      '   "priority": 300,',
      '   "actions": [',
      '-   "output:3"',
      '+   "output:4"',
      '   ],',
      '   "name": "a"',
      '  }',
    ]);
  });

  it('aligns an insertion in the middle, and folds unchanged runs beyond the context', () => {
    const a = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const b = [...a.slice(0, 10), 'new', ...a.slice(10)];
    expect(diffLines(a, b).filter((d) => d.mark !== ' ')).toEqual([{ mark: '+', text: 'new' }]);
    expect(foldedDiff(diffLines(a, b))).toEqual([
      '  … 8 unchanged lines',
      '  line 8',
      '  line 9',
      '+ new',
      '  line 10',
      '  line 11',
      '  … 8 unchanged lines',
    ]);
  });

  it('a rule deleted: its lines only before', () => {
    const d = diffLines(json([{ priority: 1 }]), json([]));
    expect(d.map((x) => `${x.mark}${x.text}`)).toEqual([
      '-[',
      '- {',
      '-  "priority": 1',
      '- }',
      '-]',
      '+[]',
    ]);
  });

  it('no change: every line unchanged', () => {
    const a = json({ x: 1 });
    expect(diffLines(a, a).every((d) => d.mark === ' ')).toBe(true);
  });
});
