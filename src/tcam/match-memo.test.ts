import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Match } from '../model/index.js';
import { BY_TEXT_MAX, memoByMatch } from './match-memo.js';

/** V8's full collection (a new context lends its `gc` once --expose-gc is set). */
function collect(): void {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
// (a WeakRef holds its target until the end of the job that made or read it)
const nextJob = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('memoByMatch', () => {
  it('computes once per match text, whichever object holds it', () => {
    let calls = 0;
    const memo = memoByMatch((m: Match) => ({ port: m.tcp_dst, n: ++calls }));
    const a = memo({ tcp: '', tcp_dst: '443' });
    expect(memo({ tcp: '', tcp_dst: '443' })).toBe(a);
    expect(memo({ tcp: '', tcp_dst: '80' })).not.toBe(a);
    expect(calls).toBe(2);
  });

  it("does not keep a replaced table's results alive (a save-point brings other rules)", async () => {
    const memo = memoByMatch((m: Match) => ({ port: m.tcp_dst }));
    let first: Match[] | undefined = Array.from({ length: 20_000 }, (_, i) => ({
      tcp_dst: String(i),
    }));
    for (const m of first) memo(m);
    const ref = new WeakRef(memo(first[0]!));
    first = undefined;
    for (let i = 0; i < 20_000; i++) memo({ tcp_dst: String(100_000 + i) });
    await nextJob();
    collect();
    expect(ref.deref()).toBeUndefined();
    // (the memo itself still in use: what it holds is what it would keep in the console)
    expect(memo({ tcp_dst: '100000' })).toEqual({ port: '100000' });
  });

  it('keeps what a live match computed past the text bound, and computes the rest again', () => {
    let calls = 0;
    const memo = memoByMatch((m: Match) => ({ port: m.tcp_dst, n: ++calls }));
    const kept: Match = { tcp_dst: '22' };
    const first = memo(kept);
    for (let i = 0; i <= BY_TEXT_MAX; i++) memo({ tcp_dst: String(1_000 + i) });
    // the same object: remembered per object
    expect(memo(kept)).toBe(first);
    // a new object of the same text: the text map was cleared, so computed again (and right)
    const again = memo({ tcp_dst: '22' });
    expect(again).not.toBe(first);
    expect(again).toEqual({ port: '22', n: calls });
  });
});
