/**
 * The status bar's keys are those of the view drawn above it, in the same frame: opening a
 * port's details never shows a frame with the details and the list's keys (no `Esc back`), and
 * closing them never a frame with the list and the details' keys.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '../harness/render.js';
import { type Mounted, mountConsole } from './console.js';

let m: Mounted | undefined;
afterEach(async () => {
  await m?.close();
  m = undefined;
  cleanup();
});

/** The status bar's keys (a message, when there is one, is the line under them). */
const keysLine = (frame: string) =>
  frame.split('\n').find((l) => l.startsWith('1-9 screens')) ?? '';
const isDetail = (frame: string) => frame.includes('Esc returns');

describe('the status bar', () => {
  it("shows the keys of the view on screen in every frame, not the last view's", async () => {
    m = await mountConsole({ screen: 'ports', columns: 100, rows: 30 });
    await m.ui.waitFor((x) => x.includes('eth-0-1 '), 5000);
    const from = m.ui.frames.length;
    await m.ui.press('enter'); // the selected port's details
    await m.ui.waitFor((x) => isDetail(x) && keysLine(x).includes('Esc back'));
    await m.ui.press('escape');
    await m.ui.waitFor(
      (x) => !isDetail(x) && x.includes('eth-0-1 ') && !keysLine(x).includes('Esc back'),
    );
    const frames = m.ui.frames.slice(from);
    expect(frames.length).toBeGreaterThan(1);
    for (const f of frames) {
      if (f.split('\n').length < 30 || !keysLine(f)) continue; // a partial write, not a frame
      expect({ detail: isDetail(f), escBack: keysLine(f).includes('Esc back') }).toEqual({
        detail: isDetail(f),
        escBack: isDetail(f),
      });
    }
  });
});
