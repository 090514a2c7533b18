import { connect, type Socket } from 'node:net';
import type { RateCounter } from './rate-counter';

/** One round trip per hit: count, start the window on the first hit, answer the count and the time left. */
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

type Reply = string | number | null | Reply[] | Error;

/** Encodes a command as a RESP array of bulk strings. */
function encode(args: readonly string[]): string {
  return `*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('')}`;
}

/**
 * Parses one RESP reply from `buffer` at `offset`: the reply and where the next one starts, or undefined while
 * the reply is incomplete.
 */
export function parseReply(buffer: Buffer, offset = 0): { reply: Reply; next: number } | undefined {
  const lineEnd = buffer.indexOf('\r\n', offset);
  if (lineEnd < 0) return undefined;
  const kind = String.fromCharCode(buffer[offset] ?? 0);
  const line = buffer.toString('utf8', offset + 1, lineEnd);
  const afterLine = lineEnd + 2;
  switch (kind) {
    case '+':
      return { reply: line, next: afterLine };
    case '-':
      return { reply: new Error(line), next: afterLine };
    case ':':
      return { reply: Number(line), next: afterLine };
    case '$': {
      const length = Number(line);
      if (length < 0) return { reply: null, next: afterLine };
      if (buffer.length < afterLine + length + 2) return undefined;
      return { reply: buffer.toString('utf8', afterLine, afterLine + length), next: afterLine + length + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return { reply: null, next: afterLine };
      const items: Reply[] = [];
      let next = afterLine;
      for (let index = 0; index < count; index += 1) {
        const item = parseReply(buffer, next);
        if (!item) return undefined;
        items.push(item.reply);
        next = item.next;
      }
      return { reply: items, next };
    }
    default:
      throw new Error(`Redis answered an unknown reply type "${kind}"`);
  }
}

/**
 * A rate counter in Redis (`REDIS_URL`, `redis://[:password@]host:port[/db]`), shared by every API node: one
 * connection, commands pipelined in order, reconnecting on the next hit after a drop. Only what the limits need
 * (EVAL of one script), so the server needs no Redis client package.
 */
export function redisRateCounter(url: string, keyPrefix = 'tender:rate:'): RateCounter {
  const target = new URL(url);
  if (target.protocol !== 'redis:') throw new Error(`REDIS_URL 须以 redis:// 开头，当前为 "${url}"`);
  const database = Number(target.pathname.slice(1) || 0);
  const password = decodeURIComponent(target.password);
  const username = decodeURIComponent(target.username);
  let socket: Socket | undefined;
  let pending: { resolve: (reply: Reply) => void; reject: (error: Error) => void }[] = [];
  let received = Buffer.alloc(0);

  const failAll = (error: Error) => {
    const waiting = pending;
    pending = [];
    received = Buffer.alloc(0);
    socket = undefined;
    for (const call of waiting) call.reject(error);
  };

  const open = (): Socket => {
    const opened = connect({ host: target.hostname, port: Number(target.port || 6379) });
    opened.setNoDelay(true);
    opened.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (let parsed = parseReply(received); parsed; parsed = parseReply(received)) {
        received = received.subarray(parsed.next);
        pending.shift()?.resolve(parsed.reply);
      }
    });
    opened.on('error', (error) => failAll(error));
    opened.on('close', () => failAll(new Error('Redis connection closed')));
    return opened;
  };

  const send = (args: readonly string[]): Promise<Reply> =>
    new Promise((resolve, reject) => {
      pending.push({ resolve, reject });
      socket?.write(encode(args));
    });

  const ensureOpen = async () => {
    if (socket) return;
    socket = open();
    if (password) await expectOk(send(username ? ['AUTH', username, password] : ['AUTH', password]));
    if (database) await expectOk(send(['SELECT', String(database)]));
  };

  return {
    async hit(key, windowMs) {
      await ensureOpen();
      const reply = await send(['EVAL', HIT_SCRIPT, '1', keyPrefix + key, String(windowMs)]);
      if (reply instanceof Error) throw reply;
      if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
        throw new Error('Redis answered the rate script with an unexpected reply');
      }
      return { count: reply[0], resetInMs: reply[1] };
    },
    async close() {
      const closing = socket;
      socket = undefined;
      closing?.end();
    },
  };
}

async function expectOk(reply: Promise<Reply>): Promise<void> {
  const answer = await reply;
  if (answer instanceof Error) throw answer;
}
