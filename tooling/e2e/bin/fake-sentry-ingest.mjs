// A local stand-in for a Sentry ingest endpoint, checking what the browser SDK sends by Sentry's documented
// protocol (develop.sentry.dev: "Envelopes", "Authentication"): POST /api/<project>/envelope/, the public key as
// `sentry_key` (query or X-Sentry-Auth), a body of newline-separated JSON — an envelope header, then for each item an
// item header with its `type` (and optional byte `length`) followed by its payload. Browsers post cross-origin, so
// it answers CORS as Sentry does. What it accepted and refused is read back at GET /__received.
import { createServer } from 'node:http';

const PROJECT_ID = '42';
const PUBLIC_KEY = 'e2ebrowserpublickey';

/** The items of one envelope body, or a reason it is malformed. */
function parseEnvelope(body) {
  const bytes = Buffer.from(body, 'utf8');
  let offset = 0;
  const readLine = () => {
    const end = bytes.indexOf(0x0a, offset);
    const line = bytes.subarray(offset, end === -1 ? bytes.length : end).toString('utf8');
    offset = end === -1 ? bytes.length : end + 1;
    return line;
  };
  const header = JSON.parse(readLine());
  if (header.event_id !== undefined && !/^[0-9a-f]{32}$/.test(header.event_id))
    return { error: `event_id is not 32 hex digits: ${header.event_id}` };
  const items = [];
  while (offset < bytes.length) {
    const line = readLine();
    if (line === '') continue;
    const itemHeader = JSON.parse(line);
    if (typeof itemHeader.type !== 'string') return { error: 'an item header has no type' };
    let payload;
    if (typeof itemHeader.length === 'number') {
      payload = bytes.subarray(offset, offset + itemHeader.length).toString('utf8');
      offset += itemHeader.length + 1;
    } else payload = readLine();
    items.push({ type: itemHeader.type, payload: JSON.parse(payload) });
  }
  return { header, items };
}

function sentryKey(request, url) {
  const fromQuery = url.searchParams.get('sentry_key');
  if (fromQuery) return fromQuery;
  const auth = request.headers['x-sentry-auth'] ?? '';
  return /sentry_key=([^,\s]+)/.exec(auth)?.[1];
}

/** Starts the fake on a free loopback port; `dsn` is what the server passes to the brand apps. */
export function startFakeSentryIngest() {
  const accepted = [];
  const refused = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Headers', '*');
      response.setHeader('Access-Control-Allow-Methods', 'POST');
      return response.writeHead(204).end();
    }
    if (request.method === 'GET' && url.pathname === '/__received') {
      response.setHeader('Content-Type', 'application/json');
      return response.end(JSON.stringify({ accepted, refused }));
    }
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const refuse = (reason) => {
        refused.push({ path: url.pathname, reason });
        response.writeHead(400).end(reason);
      };
      if (request.method !== 'POST' || url.pathname !== `/api/${PROJECT_ID}/envelope/`)
        return refuse(`not an envelope endpoint: ${request.method} ${url.pathname}`);
      if (sentryKey(request, url) !== PUBLIC_KEY) return refuse('wrong or missing sentry_key');
      let envelope;
      try {
        envelope = parseEnvelope(body);
      } catch (error) {
        return refuse(`not an envelope: ${error.message}`);
      }
      if (envelope.error) return refuse(envelope.error);
      accepted.push(envelope);
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ id: envelope.header.event_id ?? '' }));
    });
  });
  return new Promise((resolveStart) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolveStart({
        dsn: `http://${PUBLIC_KEY}@127.0.0.1:${port}/${PROJECT_ID}`,
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}
