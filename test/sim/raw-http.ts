/**
 * Raw HTTP/1.1 over node:net for the tests of requests no HTTP client would send (bogus or
 * lower-case methods, spaces in the target, pipelining) and of the answer's exact framing.
 */
import net from 'node:net';

export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `text` to a new connection and returns all it receives until it closes (both as
 * latin1, so that one character is one byte).
 */
export function rawExchange(port: number, text: string, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`the server kept the connection open ${timeoutMs} ms`)),
    );
    socket.write(text, 'latin1');
  });
}

/**
 * Splits a connection's bytes into the answers to `methods` (in order), reading each body
 * by its Content-Length (none for HEAD), and fails on any byte left over: that is how a
 * client frames them, so a stray body would corrupt the next answer.
 */
export function splitAnswers(raw: string, methods: readonly string[]): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = raw;
  for (const method of methods) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) throw new Error(`no complete answer for ${method} in ${JSON.stringify(rest)}`);
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const m = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine);
    if (!m) throw new Error(`malformed status line ${JSON.stringify(statusLine)}`);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = method === 'HEAD' ? 0 : Number(headers['content-length']);
    if (!Number.isInteger(length)) throw new Error(`answer without Content-Length: ${statusLine}`);
    const start = end + 4;
    answers.push({ status: Number(m[1]), headers, body: rest.slice(start, start + length) });
    rest = rest.slice(start + length);
  }
  if (rest !== '') throw new Error(`bytes after the last answer: ${JSON.stringify(rest)}`);
  return answers;
}

/** A request head (no body) for rawExchange. */
export const rawRequest = (method: string, target: string, headers: string[] = []): string =>
  [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', ...headers, '', ''].join('\r\n');
