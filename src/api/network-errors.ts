/** Maps a failed exchange (no HTTP answer) to ConnectionError or TimeoutError. */
import { ConnectionError, PbcError, TimeoutError } from './errors.js';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED']);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_(VERIFY|GET)|HANDSHAKE/;

function errorCode(err: unknown): string {
  const code = (e: unknown) =>
    typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string'
      ? e.code
      : undefined;
  const cause = typeof err === 'object' && err !== null && 'cause' in err ? err.cause : undefined;
  return code(err) ?? code(cause) ?? '';
}

/** A failed exchange (no HTTP answer) as ConnectionError or TimeoutError, with a hint. */
export function networkError(err: unknown, endpoint: string, host: string): PbcError {
  if (err instanceof PbcError) return err;
  const code = errorCode(err);
  const detail = err instanceof Error ? err.message : String(err);
  const options = { cause: err };
  if (code === 'ECONNREFUSED')
    return new ConnectionError(
      `cannot connect to ${host}: connection refused — is the device up and the URL's port right?`,
      'refused',
      options,
    );
  if (DNS_CODES.has(code))
    return new ConnectionError(
      `cannot resolve the device host name in '${host}' (${code}) — check the URL or use the IP address`,
      'dns',
      options,
    );
  if (TIMEOUT_CODES.has(code))
    return new TimeoutError(
      `${endpoint} timed out (${code}) — the device may be busy or unreachable; try a longer --timeout`,
      options,
    );
  if (RESET_CODES.has(code))
    return new ConnectionError(
      `${endpoint}: the connection to ${host} was closed before an answer (${code}) — the device may be rebooting; try again`,
      'reset',
      options,
    );
  if (TLS_CODE.test(code))
    return new ConnectionError(
      `TLS with ${host} failed (${code}: ${detail}) — trust the device certificate with --ca <file>, or use --insecure`,
      'tls',
      options,
    );
  return new ConnectionError(
    `${endpoint}: cannot reach ${host}${code ? ` (${code})` : ''}: ${detail} — check the URL and the network`,
    'other',
    options,
  );
}
