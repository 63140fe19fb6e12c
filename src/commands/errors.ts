/**
 * CLI-side errors and the one-line error report. Every failure ends as one line on stderr:
 * `pbc: <what failed>: <why> (<what to try>)`, and an exit code:
 * 0 success, 1 the device answered with an error, 2 usage, 3 connection/timeout, 4 auth,
 * 5 conflict (the device changed since the write was planned, or another operator holds the lock).
 */
import { PbcError } from '../api/errors.js';
import { maskSecrets } from '../api/mask.js';
import { UsageError } from '../model/errors.js';
import { sanitize } from '../model/sanitize.js';
import { ConflictError } from '../ops/conflict.js';

/** The operator answered no to a confirmation; nothing was changed (exit 2). */
export class NotConfirmedError extends UsageError {
  override name = 'NotConfirmedError';
}

/** The plan or check ran fine but its verdict is negative (exit 1, already reported). */
export class QuietFailure extends Error {
  override name = 'QuietFailure';
  constructor(readonly exitCode = 1) {
    super('');
  }
}

export function exitCodeOf(err: unknown): number {
  if (err instanceof PbcError) return err.exitCode;
  if (err instanceof UsageError) return err.exitCode;
  if (err instanceof QuietFailure) return err.exitCode;
  if (err instanceof NotFoundError) return err.exitCode;
  if (err instanceof ConflictError) return err.exitCode;
  return 1;
}

const HINTS: Record<string, string> = {
  DeviceError: 'the device refused the request; --debug shows the exchange',
  ParseError: 'the device firmware may differ from the documented API; --debug shows the exchange',
};

/**
 * `what` is the command ("rules add"). Client messages end in ` — <what to try>`; that
 * part becomes the parenthesised hint. Device text has been sanitized by the client
 * already; it is sanitized again here because this line goes to a terminal, and every
 * known secret and password-like field is masked (api/mask.ts).
 */
export function formatError(err: unknown, what: string): string {
  const raw = err instanceof Error ? err.message : String(err);
  // Secrets the device echoed (or any password-like field) never reach the terminal.
  let text = maskSecrets(sanitize(raw).replace(/\s+/g, ' ').trim());
  let hint: string | undefined;
  const dash = text.lastIndexOf(' — ');
  if (dash >= 0) {
    hint = text.slice(dash + 3).trim();
    text = text.slice(0, dash).trim();
  }
  if (hint === undefined && /\)$/.test(text)) hint = '';
  if (hint === undefined && err instanceof Error) {
    hint = HINTS[err.name];
    const known =
      err instanceof PbcError ||
      err instanceof UsageError ||
      err instanceof NotFoundError ||
      err instanceof ConflictError;
    if (hint === undefined && !known) hint = 'unexpected; rerun with --debug for details';
  }
  const prefix = what ? `pbc: ${what}: ` : 'pbc: ';
  return [`${prefix}${text}${hint ? ` (${hint})` : ''}`, ...detailOf(err)].join('\n');
}

/** The lines under a conflict's one line (three-way text, lock holder), made safe. */
function detailOf(err: unknown): string[] {
  if (!(err instanceof ConflictError)) return [];
  return err.detail.map((l) => maskSecrets(sanitize(l)));
}

/** A stack trace for --debug: sanitized, secrets masked, lines kept. */
export function formatStack(stack: string): string {
  return maskSecrets(sanitize(stack, { keepNewlines: true }));
}

/** Something the CLI looked up on the device is not there (exit 1, like a device error). */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
  readonly exitCode: number = 1;
}
