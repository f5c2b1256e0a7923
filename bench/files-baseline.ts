import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The floor of the files benchmark: a bare node:http server that streams a request body to a
 * file (no multipart parsing, no sniffing, no database) and streams a file back.
 */
const dir = path.join(process.env.DATA_DIR ?? '.', 'raw');
fs.mkdirSync(dir, { recursive: true });
let last = '';

const server = http.createServer((req, res) => {
  if (req.method === 'POST') {
    const file = path.join(dir, randomUUID());
    pipeline(req, fs.createWriteStream(file)).then(
      () => {
        last = file;
        res.end('{"status":200}');
      },
      () => res.writeHead(500).end(),
    );
    return;
  }
  const size = fs.statSync(last).size;
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
  fs.createReadStream(last).pipe(res);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('READY\n'));
