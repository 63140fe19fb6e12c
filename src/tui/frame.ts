/**
 * The app frame's sizes: below 80×24 nothing but a "too small" note shows, while the frame
 * (the screen, an open form, what was typed) stays mounted, hidden, at 80×24; the body is what
 * the header and the status bar (one line, a second for the error or notice, a third for the
 * palette or filter line) leave.
 */
export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;

export interface FrameSize {
  tooSmall: boolean;
  columns: number;
  rows: number;
  /** The screen's height. */
  body: number;
}

export function frameSize(
  columns: number,
  rows: number,
  header: number,
  footer: { message: boolean; prompting: boolean },
): FrameSize {
  const frameRows = Math.max(rows, MIN_ROWS);
  const footerHeight = 1 + (footer.message ? 1 : 0) + (footer.prompting ? 1 : 0);
  return {
    tooSmall: columns < MIN_COLUMNS || rows < MIN_ROWS,
    columns: Math.max(columns, MIN_COLUMNS),
    rows: frameRows,
    body: frameRows - header - footerHeight,
  };
}
