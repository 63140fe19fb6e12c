// The anchor: a bare node:http server that answers with fixed bytes (fetched once from the
// simulator, so the payload is identical). Usage: node bench/bare-server.mjs URL…
import http from 'node:http';

const payloads = new Map();
for (const url of process.argv.slice(2)) {
  const res = await fetch(url);
  payloads.set(new URL(url).pathname, Buffer.from(await res.arrayBuffer()));
}
const server = http.createServer((req, res) => {
  const body = payloads.get((req.url ?? '').split('?')[0]);
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`bare listening on http://127.0.0.1:${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
