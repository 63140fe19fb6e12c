/** Sends one generated request over real HTTP, exactly as generated. */
import http from 'node:http';
import type { FuzzReq } from './request.js';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function send(port: number, q: FuzzReq, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...q.headers };
    if (q.body) headers['content-length'] = String(q.body.length);
    if (q.fresh) headers.connection = 'close';
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: q.method,
        path: q.target,
        headers,
        agent: q.fresh ? false : agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error('no answer within 15 s')));
    req.on('error', reject);
    req.end(q.body);
  });
}
