/**
 * Issue 28, "one confirmation component": a screen's dialog (DialogView, `dialog.ask`) and a
 * change plan (ChangeDialog: Rules, Groups, the Journal's undo) asking about the same
 * operations show the same body — the one text of confirm-body.ts, each operation's own
 * describe() — drawn by the same component (ConfirmPanel).
 */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { deviceOps } from '../../ops/device.js';
import type { Operation } from '../../ops/operation.js';
import { ruleOps } from '../../ops/rules.js';
import { ChangeDialog, newConfirm } from '../confirm.js';
import { askDialog } from './dialog.js';
import { DialogView } from './dialog-view.js';
import type { DialogControl } from './use-dialog.js';

const WIDTH = 80;
const HEIGHT = 24;

/** The panel's body: the lines between the title and the keys, borders dropped. */
function body(frame: string): string[] {
  return frame
    .split('\n')
    .slice(1, -1)
    .map((l) => l.replace(/^[│|]\s?|\s?[│|]$/g, '').trimEnd())
    .filter((l) => l.trim() !== '');
}

function asDialog(ops: Operation[]): string {
  const control = {
    dialog: askDialog({ title: 'Change?', ops, yes: () => {} }),
    scroll: 0,
    maxScroll: { current: 0 },
  } as unknown as DialogControl;
  const r = render(<DialogView control={control} width={WIDTH} height={HEIGHT} />);
  const frame = r.lastFrame() ?? '';
  r.unmount();
  return frame;
}

function asPlan(ops: Operation[]): string {
  const r = render(
    <ChangeDialog
      plan={{ title: 'Change?', steps: ops, notes: [], confirmWord: '' }}
      state={newConfirm(null)}
      phase="confirm"
      width={WIDTH}
      height={HEIGHT}
    />,
  );
  const frame = r.lastFrame() ?? '';
  r.unmount();
  return frame;
}

/** The body lines that say what is sent (the keys line and the no-revert note aside). */
const sends = (frame: string) =>
  body(frame).filter((l) => !/Change\?|any other key|n\/Esc back|no auto-revert/.test(l));

describe('one confirmation component', () => {
  it('one operation: the dialog and the plan both say "Sends" with its describe()', () => {
    const op = deviceOps.setIdLed(true);
    const text = `Sends ${op.describe().join(' ')}.`;
    expect(sends(asDialog([op]))).toContain(text);
    expect(sends(asPlan([op]))).toContain(text);
  });

  it('several operations: the same numbered list, in order, in both', () => {
    const ops = [
      ruleOps.remove({ priority: 10, match: { in_port: '1' } }),
      ruleOps.add({ priority: 10, match: { in_port: '1' }, actions: ['output:2'] }),
    ];
    const plan = sends(asPlan(ops));
    expect(plan[0]).toContain('Sends 2 requests, in this order:');
    expect(plan).toContain(`1. ${ops[0]!.describe()[0]}`);
    expect(plan).toContain(`2. ${ops[1]!.describe()[0]}`);
    expect(sends(asDialog(ops))).toEqual(plan);
  });
});
