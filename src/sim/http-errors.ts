/**
 * Answers for requests that never reach a fastify route, in the device's `{"error": "…"}`
 * shape: errors of Node's HTTP parser (fastify's `clientErrorHandler`: bogus or lower-case
 * method, request line and headers over the header limit, a malformed request line or
 * header) and CONNECT, which Node hands to a 'connect' listener instead. Both are written
 * to the raw socket, with `Connection: close`, and without a body when the failed request
 * is a HEAD (its client would read the body as the start of the next answer).
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';

/** What Node's parser attaches to the errors it emits as 'clientError'. */
interface ParserError extends Error {
  code?: string;
  reason?: string;
  bytesParsed?: number;
  rawPacket?: Buffer;
}

/** Writes a complete answer and closes the connection once it is sent. */
export function writeRawAnswer(
  socket: Duplex,
  status: number,
  message: string,
  opts: { head?: boolean; headers?: string[] } = {},
): void {
  const body = JSON.stringify({ error: message });
  const lines = [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...(opts.headers ?? []),
    'Connection: close',
    '',
    opts.head ? '' : body,
  ];
  socket.end(lines.join('\r\n'));
  // The socket closes by itself once the client closes its side too; a client that keeps
  // it open loses it after a second (not at once: unread input would turn the close into a
  // reset, and the client might lose the answer).
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** The part of the failed request that Node had parsed: from its request line to the error. */
function failedRequestText(err: ParserError): string {
  const raw = err.rawPacket;
  if (!Buffer.isBuffer(raw)) return '';
  const upTo = raw.subarray(0, Math.min(raw.length, err.bytesParsed ?? raw.length));
  const text = upTo.toString('latin1');
  // pipelined requests without a body: the failed one starts after the last blank line
  const start = text.lastIndexOf('\r\n\r\n');
  return (start < 0 ? text : text.slice(start + 4)).replace(/^(\r?\n)+/, '');
}

/** Status and readable message for an error of Node's HTTP parser. */
function parserErrorAnswer(err: ParserError): { status: number; message: string } {
  const inRequestLine = !failedRequestText(err).includes('\n');
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        message: `the request line and headers exceed ${http.maxHeaderSize} bytes; send long parameters in a form or JSON body`,
      };
    case 'HPE_INVALID_METHOD':
      return {
        status: 400,
        message:
          'unknown or malformed HTTP method (methods are upper case, e.g. GET, POST, PUT, DELETE)',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'the request did not arrive completely in time' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'the chunk extensions of the request body are too long' };
  }
  const reason = (err.reason ?? err.message).replace(/^Parse Error: /, '');
  if (inRequestLine && (err.code === 'HPE_INVALID_URL' || err.code === 'HPE_INVALID_CONSTANT'))
    return {
      status: 400,
      message: `malformed request line (${reason}): spaces and control characters in the URL must be percent-encoded`,
    };
  return { status: 400, message: `malformed HTTP request: ${reason}` };
}

/** fastify `clientErrorHandler`: Node's parser rejected the bytes before a request existed. */
export function clientErrorHandler(err: Error, socket: Duplex): void {
  const e = err as ParserError;
  // a reset socket has nobody to answer; an answered one repeats its error on later input
  if (e.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
  const { status, message } = parserErrorAnswer(e);
  const head = /^HEAD /.test(failedRequestText(e));
  const answer = () => {
    if (socket.writableEnded) return; // closing after the answer before (Connection: close)
    if (socket.writable) writeRawAnswer(socket, status, message, { head });
    else socket.destroy();
  };
  const inFlight = (socket as Duplex & { _httpMessage?: http.ServerResponse })._httpMessage;
  // A complete pipelined request before the broken one is still being answered: answer in
  // order, after it (Node's own fallback writes before or into that answer).
  if (inFlight?.req.complete) inFlight.once('finish', answer);
  // The error is in the body of the request being answered: too late once its answer started.
  else if (inFlight?.headersSent) socket.destroy();
  else answer();
}
