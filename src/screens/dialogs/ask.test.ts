import { describe, expect, it } from 'vitest';
import { deviceOps } from '../../ops/device.js';
import { logOps } from '../../ops/logs.js';
import { operation } from '../../ops/operation.js';
import { answerConfirmation, showConfirmation } from '../../store/confirmation.js';
import { createConsoleStore } from '../../store/store.js';
import { askDialog, confirmLines, lineText } from './dialog.js';
import { revertOf } from './sends.js';

const text = (lines: ReturnType<typeof confirmLines>) => lines.map(lineText);

describe('the one confirmation of a write', () => {
  it("shows what it does, then what it sends as each operation's describe(), then notes", () => {
    const op = deviceOps.setIdLed(true);
    const d = askDialog({
      title: 'Switch the ID LED on?',
      lines: ['The LED lights up.'],
      ops: [op],
      more: ['a note'],
      yes: () => {},
    });
    expect(text(confirmLines(d))).toEqual([
      'The LED lights up.',
      `Sends ${op.describe().join(' ')}.`,
      'a note',
    ]);
    expect(d.choices.map((c) => c.key)).toEqual(['y']);
  });

  it('says why there is no R when an operation has no revert recipe', () => {
    const op = logOps.clear();
    const d = { ...askDialog({ title: 'Clear?', ops: [op], yes: () => {} }), revert: revertOf(op) };
    const lines = text(confirmLines(d));
    expect(lines[0]).toBe(`Sends ${op.describe()[0]}.`); // no parameters: the request line alone
    expect(lines[1]).toMatch(/^no auto-revert: /);
  });

  it('device text in a request is shown without its control sequences', () => {
    const op = operation(
      'device.setName',
      { method: 'POST', path: '/device/name', query: { name: 'a\u001b]0;PWNED\u0007b' } },
      async () => undefined,
      [],
    );
    const d = askDialog({ title: 'Rename?', ops: [op], yes: () => {} });
    expect(text(confirmLines(d))[0]).toBe('Sends POST /device/name name=ab.');
  });

  it("is recorded in the console's state while on screen, with the answer", () => {
    const store = createConsoleStore();
    const seen: unknown[] = [];
    store.subscribe((s) => seen.push(s.confirmation));
    const id = showConfirmation(store, { title: 'Clear?', requests: [['DELETE /weblog', '']] });
    answerConfirmation(store, id, true);
    expect(seen).toEqual([
      { id, title: 'Clear?', requests: [['DELETE /weblog', '']] },
      { id, title: 'Clear?', requests: [['DELETE /weblog', '']], answer: 'yes' },
      undefined,
    ]);
  });
});
