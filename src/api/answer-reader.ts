/**
 * An HTTP/1.1 answer read from the bytes of a connection, as they arrive in any pieces: its
 * head (status line and header fields) and its body, framed by Content-Length, by chunked
 * Transfer-Encoding or by the connection's close (RFC 9112 §6.3). Interim answers (1xx) are
 * skipped. Nothing here touches a socket: exchange.ts feeds it, tests feed it bytes.
 *
 * The device is not trusted: a head over `MAX_HEAD_BYTES`, a malformed status line or field,
 * conflicting lengths or a bad chunk fail with an error whose code starts with `HPE_` (as
 * node:http's parser names them), and a body over the limit fails with the caller's error as
 * soon as it is announced or read.
 */
import { BodyBuffer } from './body-bytes.js';

/** Bytes of an answer's head read at most (node:http's default): more is an error. */
export const MAX_HEAD_BYTES = 16 * 1024;

export interface ReadAnswer {
  status: number;
  bytes: Buffer;
  location: string | undefined;
  /** The connection may carry another exchange: HTTP/1.1, no `Connection: close`, framed body. */
  reusable: boolean;
}

/** An answer that breaks HTTP/1.1: code `HPE_…`, like node:http's parse errors. */
function malformed(code: string, what: string): Error {
  return Object.assign(new Error(`Parse Error: ${what}`), { code: `HPE_${code}` });
}

/** The connection closed before the answer was whole (node:http's words and code). */
const hangUp = (): Error => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

const STATUS_LINE = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: [^\r\n]*)?$/;
// a field's value: visible characters, spaces and tabs (RFC 9110 §5.5); no CR, NUL or other control
const FIELD = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*([^\x00-\x08\x0a-\x1f\x7f]*?)[ \t]*$/;
const CR_LF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

interface Head {
  status: number;
  minor: number;
  fields: Map<string, string>;
}

/** The status line and fields of one head (its text without the blank line). */
function parseHead(text: string): Head {
  const lines = text.split('\r\n');
  const status = STATUS_LINE.exec(lines[0] ?? '');
  if (!status) throw malformed('INVALID_CONSTANT', 'bad status line');
  const fields = new Map<string, string>();
  for (let i = 1; i < lines.length; i++) {
    const field = FIELD.exec(lines[i] as string);
    if (!field) throw malformed('INVALID_HEADER_TOKEN', 'bad header field');
    const name = (field[1] as string).toLowerCase();
    const value = field[2] as string;
    const before = fields.get(name);
    if (before === undefined) fields.set(name, value);
    else if (name === 'content-length') {
      if (before !== value) throw malformed('UNEXPECTED_CONTENT_LENGTH', 'two content lengths');
    } else fields.set(name, `${before}, ${value}`);
  }
  return { status: Number(status[2]), minor: Number(status[1]), fields };
}

type Framing =
  | { kind: 'length'; left: number }
  | { kind: 'close' }
  | { kind: 'chunked'; left: number; state: 'size' | 'data' | 'data-end' | 'trailer' };

const listHas = (value: string | undefined, token: string) =>
  value?.split(',').some((v) => v.trim().toLowerCase() === token) === true;

/** Reads one answer. `push` every chunk the connection gives; `end` when it closes. */
export class AnswerReader {
  private pending: Buffer | undefined;
  private head: Head | undefined;
  /** (no body at all, after HEAD, 204 or 304: a length of 0) */
  private framing: Framing = { kind: 'length', left: 0 };
  private body: BodyBuffer | undefined;
  private whole = false;
  /** Bytes after the answer's end: the connection is out of step and not reused. */
  private extra = false;

  constructor(
    private readonly limit: number,
    private readonly tooLarge: (declared?: number) => Error,
    /** The request was HEAD: no body follows whatever the head says. */
    private readonly headRequest = false,
  ) {}

  /** The answer is whole. */
  get done(): boolean {
    return this.whole;
  }

  /** Takes the next bytes; throws what is wrong with them. */
  push(chunk: Buffer): void {
    if (this.whole) {
      if (chunk.length > 0) this.extra = true;
      return;
    }
    let data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    while (data.length > 0 && !this.whole) {
      const used = this.head ? this.readBody(data) : this.readHead(data);
      if (used < 0) {
        this.pending = data;
        return;
      }
      data = data.subarray(used);
    }
    if (data.length > 0) this.extra = true;
  }

  /** The connection closed: the answer is whole if it is framed by the close, else an error. */
  end(): void {
    if (this.whole) return;
    if (this.head && this.framing.kind === 'close') {
      this.whole = true;
      return;
    }
    throw hangUp();
  }

  /** The answer read (once `done`). */
  answer(): ReadAnswer {
    const head = this.head as Head;
    const fields = head.fields;
    const reusable =
      !this.extra &&
      this.framing.kind !== 'close' &&
      head.minor === 1 &&
      !listHas(fields.get('connection'), 'close');
    return {
      status: head.status,
      bytes: this.body ? this.body.bytes() : Buffer.alloc(0),
      location: fields.get('location'),
      reusable,
    };
  }

  /** Bytes of `data` the head took, or -1 while it is not whole. */
  private readHead(data: Buffer): number {
    const at = data.indexOf(HEAD_END);
    if (at < 0) {
      if (data.length > MAX_HEAD_BYTES) throw malformed('HEADER_OVERFLOW', 'header overflow');
      return -1;
    }
    if (at > MAX_HEAD_BYTES) throw malformed('HEADER_OVERFLOW', 'header overflow');
    const head = parseHead(data.toString('latin1', 0, at));
    if (head.status === 101) throw malformed('UPGRADE', 'unexpected protocol switch');
    // an interim answer (100 Continue, 103 Early Hints) is skipped: the final one follows
    if (head.status >= 200) this.start(head);
    return at + HEAD_END.length;
  }

  /** The body's framing, from the status and the head (RFC 9112 §6.3). */
  private start(head: Head): void {
    this.head = head;
    const { status, fields } = head;
    if (this.headRequest || status === 204 || status === 304) {
      this.whole = true;
      return;
    }
    const coding = fields.get('transfer-encoding');
    // both: a way to smuggle a second answer in the body (node:http's parser refuses it too)
    if (coding !== undefined && fields.has('content-length'))
      throw malformed('UNEXPECTED_CONTENT_LENGTH', 'a content length and a transfer coding');
    if (coding !== undefined) {
      const codings = coding.split(',').map((c) => c.trim().toLowerCase());
      this.framing =
        codings.at(-1) === 'chunked'
          ? { kind: 'chunked', left: 0, state: 'size' }
          : { kind: 'close' };
      this.body = new BodyBuffer(this.limit, () => this.tooLarge());
      return;
    }
    const length = fields.get('content-length');
    if (length !== undefined) {
      if (!/^\d{1,15}$/.test(length))
        throw malformed('INVALID_CONTENT_LENGTH', 'bad content length');
      const left = Number(length);
      if (left > this.limit) throw this.tooLarge(left);
      this.framing = { kind: 'length', left };
      this.body = new BodyBuffer(this.limit, () => this.tooLarge(), left);
      if (left === 0) this.whole = true;
      return;
    }
    this.framing = { kind: 'close' };
    this.body = new BodyBuffer(this.limit, () => this.tooLarge());
  }

  /** Bytes of `data` the body took, or -1 to wait for more. */
  private readBody(data: Buffer): number {
    const framing = this.framing;
    const body = this.body as BodyBuffer;
    if (framing.kind === 'close') {
      body.push(data);
      return data.length;
    }
    if (framing.kind === 'length') {
      const take = Math.min(framing.left, data.length);
      body.push(data.subarray(0, take));
      framing.left -= take;
      if (framing.left === 0) this.whole = true;
      return take;
    }
    return this.readChunked(data, framing, body);
  }

  /** One step of a chunked body: a size line, data, the CRLF after it, or a trailer line. */
  private readChunked(
    data: Buffer,
    chunked: Extract<Framing, { kind: 'chunked' }>,
    body: BodyBuffer,
  ): number {
    if (chunked.state === 'data') {
      const take = Math.min(chunked.left, data.length);
      body.push(data.subarray(0, take));
      chunked.left -= take;
      if (chunked.left === 0) chunked.state = 'data-end';
      return take;
    }
    const at = data.indexOf(CR_LF);
    if (at < 0) {
      if (data.length > MAX_HEAD_BYTES) throw malformed('CHUNK_SIZE', 'chunk line overflow');
      return -1;
    }
    const line = data.toString('latin1', 0, at);
    if (chunked.state === 'data-end') {
      if (at !== 0) throw malformed('STRICT', 'no CRLF after a chunk');
      chunked.state = 'size';
    } else if (chunked.state === 'size') this.chunkSize(line, chunked);
    else if (line === '') this.whole = true; // the blank line closing the trailer
    return at + CR_LF.length;
  }

  private chunkSize(line: string, chunked: Extract<Framing, { kind: 'chunked' }>): void {
    const size = /^([0-9A-Fa-f]{1,12})[ \t]*(?:;.*)?$/.exec(line);
    if (!size) throw malformed('INVALID_CHUNK_SIZE', 'bad chunk size');
    const left = Number.parseInt(size[1] as string, 16);
    if (left === 0) {
      chunked.state = 'trailer';
      return;
    }
    // a chunk announced past the limit fails before its bytes are read (the body counts the rest)
    if (left > this.limit) throw this.tooLarge();
    chunked.left = left;
    chunked.state = 'data';
  }
}
