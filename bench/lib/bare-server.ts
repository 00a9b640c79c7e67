import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The ceiling the API is compared with: the same Fastify, no plugins, one GET answering a constant
 * JSON body and one POST that parses a JSON body and answers a constant one. Run as its own process:
 * `node --import tsx bench/lib/bare-server.ts <read-body.json> <write-body.json>`; prints
 * `{"port":N}` once it listens on 127.0.0.1.
 */
const [readFile, writeFile] = process.argv.slice(2);
if (!readFile || !writeFile) throw new Error('usage: bare-server.ts <read-body.json> <write-body.json>');
const readBody: unknown = JSON.parse(readFileSync(readFile, 'utf8'));
const writeBody: unknown = JSON.parse(readFileSync(writeFile, 'utf8'));

const app = Fastify({ logger: false });
app.get('/bare', async () => readBody);
app.post('/bare', async () => writeBody);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
