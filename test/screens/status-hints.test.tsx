/**
 * The status bar's keys are those of the view drawn above it, in the same frame: opening a
 * port's details never shows a frame with the details and the list's keys (no `Esc back`), and
 * closing them never a frame with the list and the details' keys.
 */
import { describe, expect, it } from 'vitest';
import { consoleSession } from './console-session.js';

const session = consoleSession();

/** The status bar's keys (a message, when there is one, is the line under them). */
const keysLine = (frame: string) =>
  frame.split('\n').find((l) => l.startsWith('1-9 screens')) ?? '';
const isDetail = (frame: string) => frame.includes('Esc returns');

describe('the status bar', () => {
  it("shows the keys of the view on screen in every frame, not the last view's", async () => {
    const { h } = await session.open('ports', { columns: 100, rows: 30 });
    await h.waitFor((x) => x.includes('eth-0-1 '), 5000);
    const from = h.frames.length;
    await h.press('enter'); // the selected port's details
    await h.waitFor((x) => isDetail(x) && keysLine(x).includes('Esc back'));
    await h.press('escape');
    await h.waitFor(
      (x) => !isDetail(x) && x.includes('eth-0-1 ') && !keysLine(x).includes('Esc back'),
    );
    const frames = h.frames.slice(from);
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
