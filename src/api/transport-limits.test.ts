/**
 * What an answer may cost and what an error may say: answers over the size limit are cut off
 * (Content-Length up front, counted bytes otherwise), close() does not wait for an endless
 * answer, and errors never carry a secret the device echoed.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerTooLargeError, exitCodeFor } from './errors.js';
import { failure, startServer, type TestServer } from './test-server.js';
import { DEFAULT_MAX_ANSWER_BYTES, formatBytes, Transport } from './transport.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

async function serve(handler: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const server = await startServer(handler);
  cleanup.push(() => server.close());
  return server;
}

function transport(server: TestServer, extra: Partial<ConstructorParameters<typeof Transport>[0]>) {
  const t = new Transport({ url: server.url, timeoutMs: 30_000, ...extra });
  cleanup.push(() => t.close());
  return t;
}

const MiB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

/** Writes spaces after `[` for as long as the client reads, `pace` ms apart (0: at once). */
function endless(res: ServerResponse, pace = 0): { sent: () => number; closed: Promise<void> } {
  let sent = 0;
  const closed = new Promise<void>((resolve) => res.once('close', () => resolve()));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[');
  const more = () => {
    if (res.destroyed) return;
    sent += CHUNK.length;
    if (pace > 0) {
      res.write(CHUNK);
      setTimeout(more, pace);
    } else if (res.write(CHUNK)) setImmediate(more);
    else res.once('drain', more);
  };
  more();
  return { sent: () => sent, closed };
}

describe('transport: answer size limit', () => {
  it('is 64 MiB by default, shown as such', () => {
    expect(DEFAULT_MAX_ANSWER_BYTES).toBe(64 * MiB);
    expect(formatBytes(64 * MiB)).toBe('64 MiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(900)).toBe('900 bytes');
  });

  it('refuses an answer whose Content-Length is over the limit before reading it', async () => {
    let body = 0;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 100 * MiB });
      res.write(CHUNK);
      body += CHUNK.length;
      // and then nothing: a client that waited for the announced 100 MiB would hang
    });
    const err = await failure(transport(server, {}).request('GET', '/rules/all'));
    expect(err).toBeInstanceOf(AnswerTooLargeError);
    expect(err.message).toBe(
      'answer from GET /rules/all announces 100 MiB, over the limit of 64 MiB — raise the limit with --max-answer-size or PBC_MAX_ANSWER',
    );
    expect(exitCodeFor(err)).toBe(1);
    expect(server.requests).toHaveLength(1); // not retried
    expect(body).toBe(CHUNK.length);
  });

  it('stops reading an endless answer at the limit', async () => {
    let stream: ReturnType<typeof endless> | undefined;
    const server = await serve((_req, res) => {
      stream = endless(res);
    });
    const err = await failure(
      transport(server, { maxAnswerBytes: 4 * MiB }).request('GET', '/rules/all'),
    );
    expect(err).toBeInstanceOf(AnswerTooLargeError);
    expect(err.message).toMatch(/^answer from GET \/rules\/all exceeds 4 MiB — raise the limit/);
    expect(server.requests).toHaveLength(1);
    // the read stopped: pbc closed the connection (the server sees it closed, and sends
    // nothing after), not much more than the limit sent after the refusal
    const then = stream!.sent();
    await stream!.closed;
    expect(stream!.sent() - then).toBeLessThan(8 * MiB);
  });

  it('stops an endless answer at the default 64 MiB', async () => {
    const server = await serve((_req, res) => {
      endless(res);
    });
    const err = await failure(transport(server, {}).request('GET', '/rules/all'));
    expect(err.message).toMatch(/^answer from GET \/rules\/all exceeds 64 MiB/);
  }, 60_000);

  it('reads an answer just under the limit', async () => {
    const text = `"${'x'.repeat(MiB - 3)}"`;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(text);
    });
    const body = await transport(server, { maxAnswerBytes: MiB }).request('GET', '/x');
    expect((body as string).length).toBe(MiB - 3);
  });
});

describe('transport: close', () => {
  it('ends a request still reading an answer instead of waiting for it', async () => {
    let stream: ReturnType<typeof endless> | undefined;
    const server = await serve((_req, res) => {
      stream = endless(res, 20); // slow and endless: never hits the limit, never idle
    });
    const t = new Transport({ url: server.url, timeoutMs: 120_000 });
    const pending = failure(t.request('GET', '/rules/all'));
    while ((stream?.sent() ?? 0) < 4 * CHUNK.length) await new Promise((r) => setTimeout(r, 20));
    await t.close(); // before: waited for the answer, i.e. the 120 s timeout
    const err = await pending;
    expect(err.message).toMatch(/GET \/rules\/all cancelled: the connection was closed/);
    expect(server.requests).toHaveLength(1); // not retried on a closed transport
  }, 20_000);
});

describe('transport: secrets in errors', () => {
  it('masks the password and the secrets a request carried, echoed in any error', async () => {
    const server = await serve((req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: `login admin:S3cr3tPass denied (${req.headers.authorization}); body ${req.body}`,
        }),
      );
    });
    const t = transport(server, { user: 'admin', password: 'S3cr3tPass' });
    const err = await failure(
      t.request('POST', '/users', { json: { username: 'bob', password: 'NewUserPw9' } }),
    );
    const text = `${err.message}\n${err.stack}`;
    for (const secret of [
      'S3cr3tPass',
      'NewUserPw9',
      Buffer.from('admin:S3cr3tPass').toString('base64'),
    ])
      expect(text).not.toContain(secret);
    expect(err.message).toContain('login admin:*** denied (Basic ***)');
    expect(err.message).toContain('"password":"***"');
  });
});
