/**
 * An answer read from a connection's bytes (answer-reader.ts), in whatever pieces they come:
 * the three framings, interim answers, HEAD and bodiless statuses, what makes a connection
 * unfit for reuse, and an untrusted device's malformed or oversized answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnswerReader, MAX_HEAD_BYTES, type ReadAnswer } from './answer-reader.js';

const tooLarge = (declared?: number) =>
  new Error(declared === undefined ? 'too large' : `too large: ${declared}`);

/** Feeds `pieces` in order; the answer once whole, or what the reader threw. */
function read(
  pieces: (string | Buffer)[],
  options: { limit?: number; head?: boolean; close?: boolean } = {},
): ReadAnswer | Error {
  const reader = new AnswerReader(options.limit ?? 1 << 20, tooLarge, options.head);
  try {
    for (const piece of pieces) {
      reader.push(typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece);
      if (reader.done) break;
    }
    if (!reader.done && options.close) reader.end();
    if (!reader.done) return new Error('not done');
    return reader.answer();
  } catch (error) {
    return error as Error;
  }
}

const text = (a: ReadAnswer | Error) => (a instanceof Error ? a : a.bytes.toString('utf8'));

describe('answer reader: framing', () => {
  it('reads a body of Content-Length bytes and leaves the connection reusable', () => {
    const a = read(['HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello']);
    expect(a).toMatchObject({ status: 200, reusable: true });
    expect(text(a)).toBe('hello');
  });

  it('reads a chunked body with extensions and a trailer', () => {
    const a = read([
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n',
      '4;x=1\r\nWiki\r\n5\r\npedia\r\n',
      '0\r\nX-Sum: 1\r\n\r\n',
    ]);
    expect(text(a)).toBe('Wikipedia');
    expect(a).toMatchObject({ reusable: true });
  });

  it('reads a body without a length to the close, and does not reuse that connection', () => {
    const a = read(['HTTP/1.0 200 OK\r\n\r\n{"a":', '1}'], { close: true });
    expect(text(a)).toBe('{"a":1}');
    expect(a).toMatchObject({ reusable: false });
  });

  it('skips interim answers and reads the final one', () => {
    const a = read([
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: x\r\n\r\n',
      'HTTP/1.1 201 Created\r\nContent-Length: 2\r\nLocation: /r/1\r\n\r\nok',
    ]);
    expect(a).toMatchObject({ status: 201, location: '/r/1' });
    expect(text(a)).toBe('ok');
  });

  it('reads no body after HEAD, 204 or 304, whatever the head announces', () => {
    expect(read(['HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n'], { head: true })).toMatchObject({
      status: 200,
      reusable: true,
    });
    for (const status of [204, 304])
      expect(text(read([`HTTP/1.1 ${status} X\r\nContent-Length: 3\r\n\r\n`]))).toBe('');
  });

  it('does not reuse a connection the device closes, or that sends more than the answer', () => {
    expect(
      read(['HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n']),
    ).toMatchObject({ reusable: false });
    expect(read(['HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n'])).toMatchObject({
      reusable: false,
    });
    expect(read(['HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nxy'])).toMatchObject({
      reusable: false,
    });
  });

  it('reports a connection closed before the answer is whole as a hang-up', () => {
    for (const pieces of [
      [],
      ['HTTP/1.1 200 OK\r\nConte'],
      ['HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nabc'],
    ])
      expect(read(pieces, { close: true })).toMatchObject({
        message: 'socket hang up',
        code: 'ECONNRESET',
      });
  });
});

describe('answer reader: an untrusted device', () => {
  const bad = [
    ['a status line that is not HTTP/1.x', 'HTTP/2 200 OK\r\n\r\n', 'HPE_INVALID_CONSTANT'],
    ['a field without a colon', 'HTTP/1.1 200 OK\r\nbroken\r\n\r\n', 'HPE_INVALID_HEADER_TOKEN'],
    ['a folded field', 'HTTP/1.1 200 OK\r\nA: b\r\n c\r\n\r\n', 'HPE_INVALID_HEADER_TOKEN'],
    [
      'a control character in a field',
      'HTTP/1.1 301 Moved\r\nLocation: /x\r\u001b[2J\r\n\r\n',
      'HPE_INVALID_HEADER_TOKEN',
    ],
    [
      'two different lengths',
      'HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
      'HPE_UNEXPECTED_CONTENT_LENGTH',
    ],
    [
      'a length and a chunked coding',
      'HTTP/1.1 200 OK\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n',
      'HPE_UNEXPECTED_CONTENT_LENGTH',
    ],
    [
      'a length that is not a number',
      'HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n',
      'HPE_INVALID_CONTENT_LENGTH',
    ],
    [
      'a chunk size that is not hex',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'HPE_INVALID_CHUNK_SIZE',
    ],
    [
      'chunk data longer than announced',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n',
      'HPE_STRICT',
    ],
    ['a switch of protocols', 'HTTP/1.1 101 Switching Protocols\r\n\r\n', 'HPE_UPGRADE'],
  ] as const;
  for (const [what, answer, code] of bad)
    it(`refuses ${what}`, () => {
      expect(read([answer])).toMatchObject({ code });
    });

  it('refuses a head over 16 KiB, whole or still coming', () => {
    const long = `HTTP/1.1 200 OK\r\nX: ${'a'.repeat(MAX_HEAD_BYTES)}`;
    expect(read([long])).toMatchObject({ code: 'HPE_HEADER_OVERFLOW' });
    expect(read([`${long}\r\n\r\n`])).toMatchObject({ code: 'HPE_HEADER_OVERFLOW' });
  });

  it('refuses a body over the limit when it is announced, or as soon as it is read', () => {
    const limit = { limit: 4 };
    expect(read(['HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n'], limit)).toMatchObject({
      message: 'too large: 5',
    });
    const chunked = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n';
    expect(read([chunked, '9\r\n'], limit)).toMatchObject({ message: 'too large' });
    expect(read([chunked, '3\r\nabc\r\n3\r\nab'], limit)).toMatchObject({ message: 'too large' });
    expect(read(['HTTP/1.1 200 OK\r\n\r\n', 'abcde'], limit)).toMatchObject({
      message: 'too large',
    });
  });
});

/** An answer's bytes: the head, then the body framed as `framing` says. */
function wire(body: Buffer, framing: 'length' | 'chunked' | 'close', sizes: number[]): Buffer {
  const heads = {
    length: `Content-Length: ${body.length}\r\n`,
    chunked: 'Transfer-Encoding: chunked\r\n',
    close: 'Connection: close\r\n',
  };
  const head = Buffer.from(
    `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n${heads[framing]}\r\n`,
  );
  if (framing !== 'chunked') return Buffer.concat([head, body]);
  const parts: Buffer[] = [head];
  let at = 0;
  for (const size of [...sizes, body.length]) {
    const piece = body.subarray(at, at + size);
    if (piece.length === 0) continue;
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
    at += piece.length;
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

/** `bytes` cut at `cuts` (offsets, any order). */
function cut(bytes: Buffer, cuts: number[]): Buffer[] {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const to of [...at, bytes.length]) {
    pieces.push(bytes.subarray(from, to));
    from = to;
  }
  return pieces;
}

describe('answer reader: any pieces', () => {
  it('reads the same body however the bytes are framed and cut', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom('length', 'chunked', 'close'),
        fc.array(fc.nat(100), { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (body, framing, sizes, cuts) => {
          const bytes = wire(Buffer.from(body), framing, sizes);
          const a = read(cut(bytes, cuts), { close: framing === 'close' });
          if (a instanceof Error) throw a;
          expect(a.status).toBe(200);
          expect(Buffer.compare(a.bytes, Buffer.from(body))).toBe(0);
          expect(a.reusable).toBe(framing !== 'close');
        },
      ),
    );
  });
});
