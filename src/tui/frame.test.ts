import { describe, expect, it } from 'vitest';
import { frameSize } from './frame.js';

describe('the app frame', () => {
  it('gives the screen what the header and the status bar leave', () => {
    expect(frameSize(80, 24, 3, { message: false, prompting: false })).toEqual({
      tooSmall: false,
      columns: 80,
      rows: 24,
      body: 20,
    });
    expect(frameSize(120, 40, 3, { message: true, prompting: true }).body).toBe(34);
  });

  it('below 80×24 is too small, and keeps the hidden frame at 80×24', () => {
    expect(frameSize(79, 30, 3, { message: false, prompting: false })).toMatchObject({
      tooSmall: true,
      columns: 80,
      rows: 30,
    });
    expect(frameSize(100, 20, 3, { message: true, prompting: false })).toMatchObject({
      tooSmall: true,
      columns: 100,
      rows: 24,
      body: 19,
    });
  });
});
