/**
 * Fleets for CLI tests: simulators behind counting proxies (how many requests are in flight
 * at once, over all devices) and a config file naming them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import {
  createServer,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** In-flight requests over every proxy of one counter; `peak` the most at once. */
export class InFlight {
  now = 0;
  peak = 0;
  total = 0;
  /**
   * Requests are held (not passed on) until this many are in flight at once: a client that
   * sends that many side by side goes on, one that does not hangs (its test times out).
   * 0: none held.
   */
  gate = 0;
  private held: (() => void)[] = [];
  reset(): void {
    this.peak = 0;
    this.total = 0;
    this.gate = 0;
  }
  /** Passes `forward` on now, or once `gate` requests are in flight. */
  pass(forward: () => void): void {
    this.held.push(forward);
    if (this.now < this.gate) return;
    for (const f of this.held.splice(0)) f();
  }
}

/** A plain pass-through HTTP proxy to `target` (a simulator's base URL), counting. */
export async function countingProxy(
  target: string,
  counter: InFlight,
): Promise<{ url: string; close(): Promise<void> }> {
  const up = new URL(target);
  const server: Server = createServer((req, res) => {
    counter.now++;
    counter.total++;
    counter.peak = Math.max(counter.peak, counter.now);
    let done = false;
    const end = () => {
      if (!done) counter.now--;
      done = true;
    };
    res.on('close', end);
    counter.pass(() => forward(req, res));
  });
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const fwd = request(
      {
        host: up.hostname,
        port: up.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: up.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    fwd.on('error', () => res.destroy());
    req.pipe(fwd);
  };
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${up.pathname.replace(/\/$/, '')}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A config file with one context per url and `fleets`; returns its path. */
export function fleetConfig(
  contexts: Record<string, string>,
  fleets: Record<string, string[]>,
): string {
  const dir = mkdtempSync(join(tmpdir(), 'pbc-fleet-'));
  const path = join(dir, 'config.yaml');
  const lines = ['contexts:'];
  for (const [name, url] of Object.entries(contexts))
    lines.push(`  - {name: ${name}, url: ${url}}`);
  lines.push('fleets:');
  for (const [name, members] of Object.entries(fleets))
    lines.push(`  ${name}: [${members.join(', ')}]`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}
