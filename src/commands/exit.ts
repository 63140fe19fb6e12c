/**
 * Ending the process without losing output. On POSIX, stdout and stderr to a pipe are
 * asynchronous: `process.exit()` right after a large write drops whatever the pipe could
 * not take yet (`pbc get rules -o json | jq` was cut at a multiple of 64 KiB, exit 0). So
 * every exit of a command waits until all that was written has reached the OS, and a
 * failed write (a full disk, an I/O error; EPIPE aside) ends with one line and exit 1.
 */

type Out = NodeJS.WriteStream;

/**
 * Resolves once everything written to `stream` so far has been handed to the OS (writes
 * complete in order, so an empty write's callback comes after all earlier ones), with the
 * stream's error if a write failed.
 */
function written(stream: Out): Promise<Error | undefined> {
  return new Promise((resolve) => {
    const settle = (e?: Error | null) =>
      // The write error itself (the empty write's callback may only say "destroyed").
      queueMicrotask(() => resolve(stream.errored ?? e ?? undefined));
    if (stream.destroyed) settle();
    else stream.write('', settle);
  });
}

/** "ENOSPC: no space left on device, write" → "no space left on device (ENOSPC)". */
function describe(e: NodeJS.ErrnoException): string {
  const text = e.message.replace(/^[A-Z0-9_]+:\s*/, '').replace(/, (write|writev)$/, '');
  return e.code && !text.includes(e.code) ? `${text} (${e.code})` : text;
}

const isEpipe = (e: unknown) => (e as NodeJS.ErrnoException | undefined)?.code === 'EPIPE';

/**
 * stdout could not be written. The reader closing the pipe (`pbc get ports | head`) is
 * not a failure: stop quietly with `code`. Anything else is: one line, exit 1.
 */
function outputFailed(e: Error, code = 0): never {
  if (isEpipe(e)) process.exit(code);
  process.stderr.write(`pbc: output incomplete: cannot write to stdout: ${describe(e)}\n`);
  process.exit(1);
}

/** The exit code when the reader closes stdout early (EPIPE): 0 unless a command said. */
let codeIfClosed = 0;

/**
 * The status the command will end with, known before its output is written: kept when the
 * reader closes the pipe early (`pbc diff -f F | head` still exits 1 when something differs).
 */
export function exitCodeIfOutputCloses(code: number): void {
  codeIfClosed = code;
}

/** Once, at start-up: write errors end the process readably instead of as a stack trace. */
export function watchOutput(): void {
  process.stdout.on('error', (e: Error) => outputFailed(e, codeIfClosed));
  // Nothing can be reported when stderr itself fails; the exit code still tells.
  process.stderr.on('error', () => {});
}

/** Exits with `code` once stdout and stderr are written; a failed stdout write wins. */
export async function exitWhenWritten(code: number): Promise<never> {
  const failed = await written(process.stdout);
  if (failed) outputFailed(failed, code);
  await written(process.stderr);
  process.exit(code);
}
