import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createServer as createTlsServer } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { selfSignedCertificate } from '../test-support/self-signed-certificate';
import { consentVersionOf, newMobile, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { COUNTER_RETRY_MS } from './rate-limit';
import { type RedisSettings, redisRateCounter } from './redis-counter';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAddress = { host: new URL(redisUrl).hostname, port: Number(new URL(redisUrl).port || 6379) };
const redisReachable = await new Promise<boolean>((resolve) => {
  const probe = connect(redisAddress);
  probe.setTimeout(1000, () => resolve(false));
  probe.once('connect', () => {
    probe.end();
    resolve(true);
  });
  probe.once('error', () => resolve(false));
});

/** Every test its own keys in the shared Redis: nothing to clean, nothing another run can see. */
const uniquePrefix = () => `tender:test:${process.pid}:${randomUUID()}:`;

const settings = (url: string, more: Partial<RedisSettings> = {}): RedisSettings => ({
  url,
  connectTimeoutMs: 1000,
  commandTimeoutMs: 200,
  ...more,
});

/** Listens on a free loopback port; `handle` gets every connection. */
async function listen(handle: (socket: Socket) => void): Promise<{ server: Server; port: number }> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return { server, port: address.port };
}

/**
 * A Redis that accepts connections and never answers (a hung process, a black-holed network past the
 * handshake), until `answerAgain()`: then it drops the hung connections and forwards new ones to the real Redis,
 * as a restarted Redis would be reached again.
 */
async function stalledRedis() {
  const hung = new Set<Socket>();
  let forwarding = false;
  let forwarded: () => void = () => {};
  const { server, port } = await listen((socket) => {
    if (!forwarding) {
      hung.add(socket);
      socket.on('close', () => hung.delete(socket));
      return;
    }
    const upstream = connect(redisAddress);
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
    forwarded();
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Resolves when the client has connected again, through to the real Redis. */
    answerAgain(): Promise<void> {
      forwarding = true;
      const reconnected = new Promise<void>((resolve) => {
        forwarded = resolve;
      });
      for (const socket of hung) socket.destroy();
      return reconnected;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of hung) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The server's log lines, as pino writes them. */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, messages: () => lines.map((line) => line.msg) };
}

function readRedis(env: NodeJS.ProcessEnv): RedisSettings {
  const { redis } = readConfig(env, '/repo');
  if (!redis) throw new Error('no Redis settings');
  return redis;
}

const FALLBACK = 'rate counter unavailable: counting in this process until it answers again';
const BACK = 'rate counter answers again: counting shared again';

describe.each(testDatabaseTargets())('a stalled Redis on $name', (target) => {
  let server: TestServer;
  let stalled: Awaited<ReturnType<typeof stalledRedis>>;
  const log = logCapture();

  beforeAll(async () => {
    stalled = await stalledRedis();
    server = await startTestServer(target, [], {
      rateLimits: {
        'sms-ip': { max: 10, windowSeconds: 60 },
        'login-ip': { max: 10, windowSeconds: 60 },
        search: { max: 10, windowSeconds: 60 },
      },
      // As `tender-server start` builds it from REDIS_URL, with the default timeouts.
      rateCounter: redisRateCounter(readRedis({ REDIS_URL: stalled.url }), uniquePrefix()),
      logStream: log.stream,
    });
  });

  afterAll(async () => {
    await server.close();
    await stalled.close();
  });

  it('costs sign-in and search at most the command timeout, then counts in the process and logs it once', async () => {
    const sent = await callApi(server.app, 'POST', '/webchat/api/login/sendMessageCode', {
      params: { mobile: newMobile(), consentVersion: consentVersionOf('alpha') },
      remoteAddress: '198.51.100.31',
    });
    expect(sent.code).toBe(200);
    const user = await signIn(server, 'alpha', newMobile());
    const search = () =>
      callApi(server.app, 'POST', '/webchat/api/searchList', {
        params: { keyword: '医院', page: 1, size: 10 },
        headers: user.headers,
      });
    expect((await search()).code).toBe(200);
    expect(log.messages().filter((message) => message === FALLBACK)).toHaveLength(1);

    // Counting goes on in the process meanwhile: the limit still holds.
    const answers: number[] = [];
    for (let call = 0; call < 10; call += 1) answers.push((await search()).code);
    expect(answers.at(-1)).toBe(429);
    expect(log.messages().filter((message) => message === FALLBACK)).toHaveLength(1);
  });

  it.runIf(redisReachable)('logs once when Redis answers again, and counts there again', async () => {
    await stalled.answerAgain();
    server.clock.advance(COUNTER_RETRY_MS);
    const user = await signIn(server, 'alpha', newMobile());
    const search = () =>
      callApi(server.app, 'POST', '/webchat/api/searchList', {
        params: { keyword: '医院', page: 1, size: 10 },
        headers: user.headers,
      });
    expect((await search()).code).toBe(200);
    expect((await search()).code).toBe(200);
    expect(log.messages().filter((message) => message === BACK)).toHaveLength(1);
    expect(log.messages().filter((message) => message === FALLBACK)).toHaveLength(1);
  });
});

describe.runIf(redisReachable)('redisRateCounter on the real Redis', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    // Last opened, first closed: a server closes once its clients are gone.
    for (const close of closing.splice(0).reverse()) await close();
  });

  it('counts across counters sharing one Redis, as API nodes do, and expires the window', async () => {
    const prefix = uniquePrefix();
    const first = redisRateCounter(settings(redisUrl), prefix);
    const second = redisRateCounter(settings(redisUrl), prefix);
    closing.push(first.close, second.close);
    const [a, b] = await Promise.all([first.hit('ip', 300), second.hit('ip', 300)]);
    expect([a.count, b.count].sort()).toEqual([1, 2]);
    expect(a.resetInMs).toBeGreaterThan(0);
    expect(a.resetInMs).toBeLessThanOrEqual(300);
    expect((await first.hit('other', 60_000)).count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await first.hit('ip', 300)).count).toBe(1);
  });

  it('fails a hit when Redis cannot be reached, so the limits can count in the process', async () => {
    const counter = redisRateCounter(settings('redis://127.0.0.1:1'), uniquePrefix());
    closing.push(counter.close);
    await expect(counter.hit('ip', 1000)).rejects.toThrow();
  });

  it('reaches Redis over TLS (rediss://), trusting the CA given', async () => {
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const now = Date.now();
    const certificate = selfSignedCertificate({
      ...keys,
      commonName: 'localhost',
      organization: 'Tender test',
      notBefore: new Date(now - 86_400_000),
      notAfter: new Date(now + 86_400_000),
    });
    // A TLS terminator in front of the real Redis, as a managed Redis with TLS is reached.
    const tlsProxy = createTlsServer(
      { key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }), cert: certificate.pem },
      (socket) => {
        const upstream = connect(redisAddress);
        socket.pipe(upstream).pipe(socket);
        socket.on('error', () => upstream.destroy());
        upstream.on('error', () => socket.destroy());
      },
    );
    await new Promise<void>((resolve) => tlsProxy.listen(0, '127.0.0.1', resolve));
    closing.push(() => new Promise((resolve) => tlsProxy.close(resolve)));
    const address = tlsProxy.address();
    if (typeof address !== 'object' || !address) throw new Error('no port');
    let handshakes = 0;
    tlsProxy.on('secureConnection', () => {
      handshakes += 1;
    });

    const counter = redisRateCounter(
      settings(`rediss://localhost:${address.port}`, { tlsCa: certificate.pem }),
      uniquePrefix(),
    );
    closing.push(counter.close);
    expect((await counter.hit('tls', 60_000)).count).toBe(1);
    expect((await counter.hit('tls', 60_000)).count).toBe(2);
    expect(handshakes).toBe(1);

    const untrusting = redisRateCounter(settings(`rediss://localhost:${address.port}`), uniquePrefix());
    closing.push(untrusting.close);
    await expect(untrusting.hit('tls', 60_000)).rejects.toThrow();
  });

  it('finds the master through Sentinel (REDIS_SENTINELS, REDIS_SENTINEL_NAME)', async () => {
    // A Sentinel by its protocol (redis.io/docs/latest/operate/oss_and_stack/management/sentinel): it names the
    // master of "tender" as the real Redis, knows no other sentinels, refuses anything else.
    const asked: string[] = [];
    const { server: sentinel, port } = await listen((socket) => {
      let buffered = '';
      socket.on('data', (chunk) => {
        buffered += String(chunk);
        for (;;) {
          const command = readCommand(buffered);
          if (!command) return;
          buffered = buffered.slice(command.length);
          const words = command.words.map((word) => word.toLowerCase());
          asked.push(words.join(' '));
          if (words[0] === 'sentinel' && words[1] === 'get-master-addr-by-name') {
            socket.write(
              words[2] === 'tender'
                ? `*2\r\n$${redisAddress.host.length}\r\n${redisAddress.host}\r\n$${String(redisAddress.port).length}\r\n${redisAddress.port}\r\n`
                : '*-1\r\n',
            );
          } else if (words[0] === 'sentinel' && words[1] === 'sentinels') socket.write('*0\r\n');
          else socket.write(`-ERR unknown command '${words[0]}'\r\n`);
        }
      });
    });
    closing.push(() => new Promise((resolve) => sentinel.close(resolve)));

    const counter = redisRateCounter(
      readRedis({
        REDIS_URL: 'redis://',
        REDIS_SENTINELS: `127.0.0.1:${port}`,
        REDIS_SENTINEL_NAME: 'tender',
      }),
      uniquePrefix(),
    );
    closing.push(counter.close);
    expect((await counter.hit('sentinel', 60_000)).count).toBe(1);
    expect(asked).toContain('sentinel get-master-addr-by-name tender');
  });
});

/** One RESP command (an array of bulk strings) from the start of `text`, or undefined while incomplete. */
function readCommand(text: string): { words: string[]; length: number } | undefined {
  const header = /^\*(\d+)\r\n/.exec(text);
  if (!header) return undefined;
  let offset = header[0].length;
  const words: string[] = [];
  for (let index = 0; index < Number(header[1]); index += 1) {
    const size = /^\$(\d+)\r\n/.exec(text.slice(offset));
    if (!size) return undefined;
    const start = offset + size[0].length;
    const end = start + Number(size[1]);
    if (text.length < end + 2) return undefined;
    words.push(text.slice(start, end));
    offset = end + 2;
  }
  return { words, length: offset };
}

describe('readConfig of Redis', () => {
  it('reads the URL, Sentinel and the timeouts, and refuses what it cannot use in Chinese', () => {
    expect(readConfig({}, '/repo').redis).toBeUndefined();
    expect(readConfig({ REDIS_URL: ' rediss://:secret@cache:6380/2 ' }, '/repo').redis).toEqual({
      url: 'rediss://:secret@cache:6380/2',
      connectTimeoutMs: 1000,
      commandTimeoutMs: 200,
    });
    expect(
      readConfig(
        {
          REDIS_URL: 'redis://',
          REDIS_SENTINELS: 'sentinel-a:26379, sentinel-b:26380',
          REDIS_SENTINEL_NAME: 'tender',
          REDIS_COMMAND_TIMEOUT_MS: '150',
          REDIS_CONNECT_TIMEOUT_MS: '500',
        },
        '/repo',
      ).redis,
    ).toEqual({
      url: 'redis://',
      sentinels: [
        { host: 'sentinel-a', port: 26379 },
        { host: 'sentinel-b', port: 26380 },
      ],
      sentinelName: 'tender',
      connectTimeoutMs: 500,
      commandTimeoutMs: 150,
    });
    expect(() => readConfig({ REDIS_URL: 'http://cache' }, '/repo')).toThrow(/REDIS_URL 须以 redis:\/\//);
    expect(() => readConfig({ REDIS_URL: 'redis://', REDIS_SENTINELS: 'a:1' }, '/repo')).toThrow(
      /REDIS_SENTINEL_NAME/,
    );
    expect(() =>
      readConfig({ REDIS_URL: 'redis://', REDIS_SENTINELS: 'a', REDIS_SENTINEL_NAME: 'x' }, '/repo'),
    ).toThrow(/REDIS_SENTINELS 的 "a"/);
    expect(() => readConfig({ REDIS_URL: 'redis://', REDIS_COMMAND_TIMEOUT_MS: '0' }, '/repo')).toThrow(
      /REDIS_COMMAND_TIMEOUT_MS/,
    );
  });

  it('reads the CA of a TLS Redis from REDIS_TLS_CA_FILE', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tender-redis-ca-'));
    writeFileSync(join(dir, 'ca.pem'), 'PEM');
    try {
      expect(
        readConfig({ REDIS_URL: 'rediss://cache', REDIS_TLS_CA_FILE: join(dir, 'ca.pem') }, '/repo').redis
          ?.tlsCa,
      ).toBe('PEM');
      expect(() =>
        readConfig({ REDIS_URL: 'rediss://cache', REDIS_TLS_CA_FILE: join(dir, 'none.pem') }, '/repo'),
      ).toThrow(/REDIS_TLS_CA_FILE/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
