/**
 * A hostile device: a proxy in front of a simulator that puts escape sequences and
 * controls into EVERY string of every JSON answer under /rest — values, the names that key
 * maps (apps, users), error messages —, so no field can be missed by a list of planted
 * ones. Numbers stay numbers. In 'display' mode a string that the client checks against a
 * fixed vocabulary (the rule storage mode, port states) or that reads as a number stays as it is, so the
 * console parses the answer and shows everything else; in 'all' mode those are hostile too
 * and the answers fail to parse, so what the operator sees are error messages quoting them.
 *
 * The same string always becomes the same hostile string, so the console's joins (port
 * names in /ports/info, /ports/config and the SFP report) still match.
 */
import http from 'node:http';
import { isLosslessNumber, parse, stringify } from 'lossless-json';
import type { SimServer } from '../../src/sim/server.js';

/** Starts the payload; unlikely in any other text on screen. */
export const MARK = '~Q';
/**
 * After MARK, the letters a–f sit between sequences: OSC 52 clipboard write before a,
 * CSI clear screen, device SGR, C1 CSI, C1 OSC, DCS; then bidi overrides, C1 NEL,
 * backspace, BEL, NUL, CR LF and g. An OSC title set comes before MARK.
 */
export const PAYLOAD =
  '\u001b]0;PWNED\u0007' + // OSC 0: window title
  MARK +
  '\u001b]52;c;SGVsbG8=\u0007a' + // OSC 52: clipboard write
  '\u001b[2Jb' + // CSI: clear screen
  '\u001b[31mc' + // SGR from the device
  '\u009b2Jd' + // C1 CSI
  '\u009d0;PWNED\u009ce' + // C1 OSC
  '\u001bP1$r\u001b\\f' + // DCS
  '\u202e\u2066' + // bidi override, isolate
  '\u0085' + // C1 NEL
  '\b' + // backspace
  '\u0007' + // BEL
  '\u0000' + // NUL
  '\r\n' + // CR LF
  'g';
/** What every view shows right after MARK (or a prefix of it cut with '…'). */
export const HEAD = 'abcdef';

export function hostile(text: string): string {
  // A multi-line text (the SFP report) gets the payload on every line, after the line's
  // own text, so the line still starts with what the client looks for.
  if (!text.includes('\n')) return `${text}${PAYLOAD}`;
  return text
    .split('\n')
    .map((line) => `${line}${PAYLOAD.replace('\r\n', '  ')}`)
    .join('\n');
}

/**
 * Strings a client checks against a fixed vocabulary: in 'display' mode they stay as
 * they are (else whole answers fail to parse and nothing else in them is shown).
 */
const VOCABULARY_KEYS = new Set([
  // GET /device/rulestoragemode: the client refuses anything but 'simple' and 'ipv6'.
  'modeCurrent',
  'modeNext',
  // Port states: unknown ones read as shut/down, and the Overview would list no traffic.
  'admin_status',
  'link_status',
  // Group types ('ALL', 'SELECT', 'FF'): GET /groups/all is refused whole otherwise.
  'type',
]);
const NUMBER_LIKE = /^-?(?:\d+(?:\.\d+)?|0x[0-9a-f]+)$/i;

export type HostileMode = 'display' | 'all';

export function rewrite(value: unknown, mode: HostileMode, key = ''): unknown {
  if (typeof value === 'string') {
    if (mode === 'display' && (VOCABULARY_KEYS.has(key) || NUMBER_LIKE.test(value))) return value;
    return hostile(value);
  }
  if (Array.isArray(value)) return value.map((v) => rewrite(v, mode, key));
  if (value === null || typeof value !== 'object' || isLosslessNumber(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    // A map keyed by one of its entries' own fields (apps by name, users by username):
    // the key is device text too.
    const keyed =
      v !== null &&
      typeof v === 'object' &&
      Object.values(v).some((x) => x === k) &&
      !(mode === 'display' && NUMBER_LIKE.test(k));
    out[keyed ? hostile(k) : k] = rewrite(v, mode, k);
  }
  return out;
}

export interface HostileDevice {
  /** The proxy's /rest URL: give it to the console. */
  url: string;
  /** The simulator as the console harness takes it, pointed at the proxy. */
  sim: SimServer;
  /** Switches the mode for the answers that follow. */
  setMode(mode: HostileMode): void;
  close(): Promise<void>;
}

export async function startHostileDevice(
  sim: SimServer,
  mode: HostileMode = 'display',
): Promise<HostileDevice> {
  let current = mode;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: sim.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: `127.0.0.1:${sim.port}` },
        },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', () => {
            let bytes = Buffer.concat(body);
            const json = String(answer.headers['content-type'] ?? '').includes('json');
            if (json && req.url?.startsWith('/rest')) {
              bytes = Buffer.from(
                stringify(rewrite(parse(bytes.toString('utf8')), current)) ?? '',
                'utf8',
              );
            }
            const headers = { ...answer.headers, 'content-length': String(bytes.length) };
            delete headers['transfer-encoding'];
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(bytes);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}/rest`;
  return {
    url,
    sim: { ...sim, url, port },
    setMode: (m) => {
      current = m;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
