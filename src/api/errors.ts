/**
 * Errors of the device API. Every message is one readable line: what failed, why, and what
 * to try. Device-supplied text is passed through `sanitize` before it lands in a message,
 * and every message has the secrets pbc knows and password-like fields masked (mask.ts).
 */
import { sanitize } from '../model/sanitize.js';
import { maskSecrets } from './mask.js';

export interface PbcErrorOptions {
  status?: number;
  cause?: unknown;
}

export class PbcError extends Error {
  // Explicit names: the bundle is minified, so constructor names are not reliable.
  override name = 'PbcError';
  /** HTTP status, where one was received. */
  readonly status?: number;
  /** Process exit code for the scripted CLI. */
  readonly exitCode: number = 1;

  constructor(message: string, options: PbcErrorOptions = {}) {
    super(oneLine(message), options.cause === undefined ? undefined : { cause: options.cause });
    if (options.status !== undefined) this.status = options.status;
  }
}

export type ConnectionFailure = 'refused' | 'dns' | 'tls' | 'reset' | 'other';

/** The request never got an answer: refused, unresolvable host, TLS failure, reset. */
export class ConnectionError extends PbcError {
  override name = 'ConnectionError';
  override readonly exitCode = 3;
  constructor(
    message: string,
    readonly kind: ConnectionFailure,
    options: PbcErrorOptions = {},
  ) {
    super(message, options);
  }
}

export class TimeoutError extends PbcError {
  override name = 'TimeoutError';
  override readonly exitCode = 3;
}

/** 401, or a credentials error in the body. */
export class AuthError extends PbcError {
  override name = 'AuthError';
  override readonly exitCode = 4;
}

/** 403: the account's access level is too low for the operation. */
export class ForbiddenError extends PbcError {
  override name = 'ForbiddenError';
  override readonly exitCode = 4;
}

/** The device refused or failed the operation (an `{error}` body or an error in `result`). */
export class DeviceError extends PbcError {
  override name = 'DeviceError';
}

/** The response did not have the expected shape. */
export class ParseError extends PbcError {
  override name = 'ParseError';
  constructor(
    readonly endpoint: string,
    readonly path: string,
    readonly detail: string,
    options: PbcErrorOptions = {},
  ) {
    super(
      `unexpected response from ${endpoint}${path ? ` at ${path}` : ''}: ${detail} (the device firmware may differ from the documented API; --debug shows the exchange)`,
      options,
    );
  }
}

/**
 * The answer was bigger than the transport's limit (`maxAnswerBytes`); the read was stopped
 * there and nothing of it is used. Not retried.
 */
export class AnswerTooLargeError extends PbcError {
  override name = 'AnswerTooLargeError';
}

/** A write was attempted on a client opened read-only; nothing was sent. */
export class ReadonlyError extends PbcError {
  override name = 'ReadonlyError';
  override readonly exitCode = 2;
}

/** 1 device/parse failure (and anything unexpected), 2 read-only, 3 network, 4 auth. */
export function exitCodeFor(err: unknown): number {
  return err instanceof PbcError ? err.exitCode : 1;
}

/** Sanitized, one line, and no secret (known ones, password-like fields): see mask.ts. */
function oneLine(text: string): string {
  return maskSecrets(sanitize(text).replace(/ {2,}/g, ' ').trim());
}

/**
 * Result texts that mean success. Anything else in `result` is informational unless it
 * looks like an error (see `isErrorResult`).
 */
const OK_RESULTS = new Set(['ok', 'success', 'succeeded', 'done', '']);

/**
 * The spec lets the device report "non-dire" errors as `{result: "<message>"}` with a 2xx
 * status. Heuristic, applied to write requests only: a `result` string is an error when,
 * after trimming, it is not OK-like and it STARTS with one of these words (case-insensitive):
 * error, failed/failure/fail, invalid, not, cannot/can't/could not, unable, unknown,
 * no such, denied, forbidden, unauthorized. Anything else ("OK", "Rule added",
 * "3 rules deleted") is a success message. A phrase merely containing "error" ("0 errors
 * cleared") is not an error.
 */
const ERROR_RESULT =
  /^(error|fail(ed|ure)?|invalid|not\b|cannot|can't|could not|unable|unknown|no such|denied|forbidden|unauthori[sz]ed)/i;

export function isErrorResult(result: string): boolean {
  const text = result.trim();
  if (OK_RESULTS.has(text.toLowerCase())) return false;
  return ERROR_RESULT.test(text);
}

const CREDENTIALS =
  /(invalid|wrong|bad|incorrect) (user ?name|username|login|password|credentials)|authentication (failed|required)|not authenticated|login failed|unauthori[sz]ed/i;
const INSUFFICIENT_LEVEL =
  /insufficient (access|rights|privileges|permissions|level)|access level too low|permission denied|access denied|forbidden/i;

/**
 * Turns a device error message into the matching error: credentials problems become
 * AuthError, missing rights ForbiddenError, anything else DeviceError.
 */
export function deviceFailure(
  endpoint: string,
  rawMessage: string,
  status: number | undefined,
): PbcError {
  const message = sanitize(rawMessage).trim() || 'no message';
  const options = status === undefined ? {} : { status };
  if (CREDENTIALS.test(message)) {
    return new AuthError(
      `${endpoint}: the device rejected the credentials: ${message} — check the user name and password`,
      options,
    );
  }
  if (INSUFFICIENT_LEVEL.test(message)) {
    return new ForbiddenError(
      `${endpoint}: the account may not do this: ${message} — use an account with a higher access level`,
      options,
    );
  }
  return new DeviceError(`${endpoint} failed: ${message}`, options);
}
