/**
 * Secrets kept out of every message pbc shows. A device may echo what it was sent — the
 * login (`login admin:S3cr3tPass denied`), a request body (`{"password":"NewUserPw9"}`) —
 * and that text ends in an error message, a status line or a stack trace. Two layers:
 *
 * - known secrets: the session's password (and its basic-auth token) and every value of a
 *   password-like parameter a request carried are remembered (`rememberSecret`) and
 *   replaced wherever they occur, also URL- or JSON-escaped;
 * - shapes: the value of a password-like field in JSON (`"password":"…"`, `"secret": 5`),
 *   in query text (`ssl_password=…`) and a URL's `user:pass@` are replaced whatever they are.
 *
 * Replacements read `***`. Secrets shorter than MIN_SECRET characters are not replaced as
 * text (a one-letter password would blank every such letter); the shapes still catch them.
 */

import { isSecretParameter, secretNamesPattern } from '../model/secrets.js';

const MIN_SECRET = 3;
/** At most this many known secrets are held (the oldest go first). */
const MAX_KNOWN = 256;

const known = new Set<string>();

/** Remembers a secret (and its escaped forms) for every later `maskSecrets`. */
export function rememberSecret(secret: unknown): void {
  if (typeof secret !== 'string' && typeof secret !== 'number' && typeof secret !== 'bigint')
    return;
  const text = String(secret);
  if (text.length < MIN_SECRET) return;
  for (const form of forms(text)) {
    known.delete(form);
    known.add(form);
  }
  while (known.size > MAX_KNOWN) known.delete(known.values().next().value as string);
}

/** Every value of a password-like key in `value`, at any depth, as text. */
export function secretsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const v of value) secretsIn(v, out);
    return out;
  }
  if (typeof value !== 'object' || value === null) return out;
  for (const [k, v] of Object.entries(value)) {
    if (!isSecretParameter(k) || (typeof v === 'object' && v !== null)) secretsIn(v, out);
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint')
      out.push(String(v));
  }
  return out;
}

function forms(secret: string): string[] {
  const out = new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
  out.add(encodeURIComponent(secret).replace(/%20/g, '+'));
  return [...out].filter((f) => f.length >= MIN_SECRET);
}

/** A declared secret's name (secrets.ts), alone or as the last part of `a[b]`. */
const KEY = String.raw`(?:[\w.-]*\[)?(?<![\w])(?:${secretNamesPattern()})(?![\w])\]?`;
/** `"password":"…"`, `"secret": 12`, `'password': '…'` (escaped quotes followed). */
const JSON_FIELD = new RegExp(
  String.raw`(["']${KEY}["']\s*:\s*)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s,}\]]+)`,
  'gi',
);
/** `password=…` in query or form text, up to `&`, whitespace or a quote. */
const QUERY_FIELD = new RegExp(String.raw`(\b${KEY}=)([^&\s"',;)]*)`, 'gi');
/** `scheme://user:pass@` */
const USERINFO = /(\b[a-z][a-z\d+.-]*:\/\/[^\s/@:]*:)([^\s/@]*)@/gi;

/** `text` with every known secret and every password-like field's value replaced by ***. */
export function maskSecrets(text: string, extra: readonly string[] = []): string {
  let out = text;
  const all = extra.length > 0 ? [...extra.flatMap(forms), ...known] : [...known];
  // longest first: a secret that contains another is replaced whole
  for (const secret of all.sort((a, b) => b.length - a.length))
    if (out.includes(secret)) out = out.split(secret).join('***');
  return out
    .replace(JSON_FIELD, (_m, head: string, value: string) =>
      value.startsWith('"')
        ? `${head}"***"`
        : value.startsWith("'")
          ? `${head}'***'`
          : `${head}***`,
    )
    .replace(QUERY_FIELD, (_m, head: string, value: string) => (value ? `${head}***` : head))
    .replace(USERINFO, '$1***@');
}

/** The error with its message and stack masked (in place; returned for `throw`). */
export function maskError<T>(err: T, extra: readonly string[] = []): T {
  if (!(err instanceof Error)) return err;
  const message = maskSecrets(err.message, extra);
  if (message !== err.message) err.message = message;
  if (err.stack) {
    const stack = maskSecrets(err.stack, extra);
    if (stack !== err.stack) err.stack = stack;
  }
  return err;
}

/** For tests: forget every remembered secret. */
export function forgetSecrets(): void {
  known.clear();
}
