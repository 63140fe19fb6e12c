/**
 * The ONE declaration of which parameters carry a secret: per operation of the device's
 * API (rest-service.md) and per app (the app parameters POST/PUT /apps send). Everything
 * that keeps a secret out of sight reads it here — the transport (a write carrying one goes
 * as a JSON body, and is shown with `***`), the journal and pending.json (`redact`), error
 * and output masking (mask.ts: the values are remembered and replaced; a device echo of
 * `"community":"…"` is masked by its name). Names are declared, not guessed: `bypass` is no
 * secret, and an SNMP community, which no name pattern would catch, is one.
 *
 * An app parameter is declared by its name in any /apps request (PUT /apps names only the
 * instance's pid, not its app), so the union of all apps' secret names applies there.
 */

/** Per operation (`METHOD /path`): its parameters that carry a secret. */
export const OPERATION_SECRETS: Readonly<Record<string, readonly string[]>> = {
  // credentials as parameters instead of basic auth (rest-service.md, authentication)
  'ANY *': ['password'],
  'POST /users': ['password'],
  'PUT /users': ['password'],
  'POST /users/radius': ['secret'],
  'POST /device/https': ['ssl_password'],
};

/** Per app (by its name in GET /apps): its parameters that carry a secret. */
export const APP_SECRETS: Readonly<Record<string, readonly string[]>> = {
  snmp: ['community', 'v3_auth_password', 'v3_priv_password'],
  radius: ['secret'],
  tacacs: ['key', 'secret'],
  syslog: ['tls_key_password'],
  ntp: ['key', 'auth_key'],
};

/** Names that carry a secret wherever they occur: bearer tokens and the like. */
const ALWAYS = ['token', 'api_token', 'access_token', 'new_password', 'passwd'];

/** Every declared secret parameter name (lower case). */
export const SECRET_NAMES: ReadonlySet<string> = new Set(
  [...Object.values(OPERATION_SECRETS), ...Object.values(APP_SECRETS), ALWAYS]
    .flat()
    .map((n) => n.toLowerCase()),
);

/**
 * Whether a parameter (or field) of this name carries a secret. A bracketed key
 * (`params[community]`) is judged by its last part.
 */
export function isSecretParameter(key: string): boolean {
  const last = /\[([^\]]*)\]$/.exec(key)?.[1] ?? key;
  return SECRET_NAMES.has(last.toLowerCase());
}

/** The names as a regular-expression alternation, longest first (mask.ts's text shapes). */
export function secretNamesPattern(): string {
  return [...SECRET_NAMES]
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
}

/** What a secret value is shown as, where it is not asked for (`--show-secrets`). */
export const HIDDEN_SECRET = '********';

/**
 * An app instance's parameters as they may be shown: each declared secret (an SNMP
 * community, a TACACS key…) that has a value is replaced by `HIDDEN_SECRET`.
 */
export function maskedParams(params: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params))
    out[k] = v !== '' && isSecretParameter(k) ? HIDDEN_SECRET : v;
  return out;
}
