/**
 * The exporter's HTTP front: GET /metrics answers one scrape of the collector (prom-client's
 * text format 0.0.4), GET / a short page that points there. A scrape is given the time Prometheus says
 * it will wait (X-Prometheus-Scrape-Timeout-Seconds) less a margin, so that a device that
 * hangs reads as down instead of failing the whole scrape.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FleetCollector } from './collector.js';

export interface MetricsServer {
  /** e.g. http://127.0.0.1:9464/metrics */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface ServeOptions {
  host: string;
  port: number;
  /** How long a scrape may wait for devices when Prometheus does not say, ms. */
  deadlineMs?: number;
}

/** Time for the devices: 90 % of Prometheus's timeout (its own margin for the transfer). */
export function scrapeDeadline(header: string | string[] | undefined, fallbackMs: number): number {
  const s = Number(Array.isArray(header) ? header[0] : header);
  if (!Number.isFinite(s) || s <= 0) return fallbackMs;
  return Math.min(fallbackMs, Math.max(50, s * 900));
}

export function serveMetrics(collector: FleetCollector, o: ServeOptions): Promise<MetricsServer> {
  const fallback = o.deadlineMs ?? 10_000;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' });
      res.end('method not allowed\n');
      return;
    }
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<html><head><title>pbc exporter</title></head><body><h1>pbc exporter</h1><p><a href="/metrics">Metrics</a></p></body></html>\n',
      );
      return;
    }
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found: try /metrics\n');
      return;
    }
    const deadline = scrapeDeadline(req.headers['x-prometheus-scrape-timeout-seconds'], fallback);
    collector
      .scrape(deadline)
      .then(async (registry) => ({ text: await registry.metrics(), type: registry.contentType }))
      .then(
        ({ text, type }) => {
          res.writeHead(200, { 'content-type': type });
          res.end(req.method === 'HEAD' ? undefined : text);
        },
        (e: Error) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`scrape failed: ${e.message}\n`);
        },
      );
  });
  // Prometheus keeps its connection open between scrapes; do not let an idle one pin close()
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      const port = (server.address() as AddressInfo).port;
      const shown = o.host.includes(':') ? `[${o.host}]` : o.host;
      resolve({
        url: `http://${shown}:${port}/metrics`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
