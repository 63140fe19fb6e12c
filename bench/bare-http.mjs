// The anchor of bench/startup.mjs: the least a Node program can do to show the rule table —
// one GET with node:http, the body printed. Usage: node bench/bare-http.mjs URL
import http from 'node:http';

http
  .get(process.argv[2], (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => process.stdout.write(Buffer.concat(chunks)));
  })
  .on('error', (e) => {
    process.stderr.write(`${e.message}\n`);
    process.exit(1);
  });
