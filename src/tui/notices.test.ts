import { describe, expect, it } from 'vitest';
import { MAX_WAITING, NO_NOTICES, type NoticeEvent, type Notices, notices } from './notices.js';

const run = (...events: NoticeEvent[]): Notices => events.reduce(notices, NO_NOTICES);
const expire = (s: Notices): Notices => notices(s, { type: 'expire', seq: s.seq });

describe('status-bar notices', () => {
  it("a change from outside landing just after a write's outcome waits for it, then shows", () => {
    const s = run(
      { type: 'own', text: "rule save-point 'nightly' created" },
      { type: 'beside', text: 'rules changed outside this console: +1 −0 ~0 · J' },
    );
    expect(s.shown).toBe("rule save-point 'nightly' created");
    const next = expire(s);
    expect(next.shown).toBe('rules changed outside this console: +1 −0 ~0 · J');
    expect(expire(next).shown).toBeUndefined();
  });

  it("the operator's own notice shows at once, over one from outside", () => {
    const s = run({ type: 'beside', text: 'reverted' }, { type: 'own', text: 'refreshing…' });
    expect(s.shown).toBe('refreshing…');
    expect(expire(s).shown).toBeUndefined();
  });

  it('a timer set for an earlier notice ends nothing', () => {
    const first = run({ type: 'own', text: 'a' });
    const second = notices(first, { type: 'own', text: 'b' });
    expect(notices(second, { type: 'expire', seq: first.seq }).shown).toBe('b');
  });

  it('the same notice from outside is not queued twice; at most a few wait', () => {
    let s = run(
      { type: 'own', text: 'a' },
      { type: 'beside', text: 'x' },
      { type: 'beside', text: 'x' },
    );
    expect(s.waiting).toEqual(['x']);
    for (let i = 0; i < 10; i++) s = notices(s, { type: 'beside', text: `n${i}` });
    expect(s.waiting).toHaveLength(MAX_WAITING);
    expect(s.waiting.at(-1)).toBe('n9');
  });
});
