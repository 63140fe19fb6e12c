/**
 * The warnings pbc prints once per run, on stderr, before its first request: credentials
 * sent over plain http to another machine, and HTTPS without certificate verification.
 *
 * Plain http to a loopback address (127.0.0.0/8, ::1, `localhost`) is not warned about: the
 * traffic does not leave the machine (the built-in demo and the tests use 127.0.0.1).
 * `--insecure` is warned about for every https host: it is the operator's explicit choice,
 * and the line says what it costs.
 */

/** 127.0.0.0/8, ::1 (with or without brackets), localhost and *.localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return v4 !== null && v4[1] === '127' && v4.slice(1).every((p) => Number(p) <= 255);
}

export interface Connection {
  url: string;
  /** A user or a password will be sent (basic auth). */
  credentials: boolean;
  insecure: boolean;
  /** Where insecure came from, for the line: `--insecure` by default. */
  insecureSource?: string;
}

/** The warning lines (without the `pbc: warning: ` prefix) for this connection. */
export function connectionWarnings(c: Connection): string[] {
  let u: URL;
  try {
    u = new URL(c.url);
  } catch {
    return []; // the transport refuses it with its own message
  }
  const out: string[] = [];
  if (u.protocol === 'http:' && c.credentials && !isLoopbackHost(u.hostname))
    out.push(
      `sending credentials over plain http to ${u.host} (anyone on the path can read them; use https)`,
    );
  if (u.protocol === 'https:' && c.insecure)
    out.push(
      `TLS certificate of ${u.host} not verified (${c.insecureSource ?? '--insecure'}): the device is not authenticated`,
    );
  return out;
}
