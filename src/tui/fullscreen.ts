/**
 * The alternate screen buffer: entered once on start, left on every exit path (normal
 * quit, Ctrl-C, SIGTERM, an uncaught error) so the operator's terminal and scrollback are
 * as they were.
 */
const ENTER = '\u001b[?1049h\u001b[?25l\u001b[H';
const LEAVE = '\u001b[?25h\u001b[?1049l';

export function enterFullScreen(out: NodeJS.WriteStream): () => void {
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    out.write(LEAVE);
  };
  out.write(ENTER);
  process.once('exit', leave);
  return leave;
}
