import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverPackageRoot } from '../paths';
import { testBrands } from '../test-support/test-server';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A folder of built brand apps holding the test brand `alpha` (its manifest and an empty page). */
export function testAppsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tender-fault-apps-'));
  const brand = testBrands[0];
  if (!brand) throw new Error('no test brand');
  mkdirSync(join(dir, brand.id, 'dist'), { recursive: true });
  writeFileSync(join(dir, brand.id, 'dist', 'brand.json'), JSON.stringify(brand));
  writeFileSync(join(dir, brand.id, 'dist', 'index.html'), '<!doctype html><title>alpha</title>');
  return dir;
}

export interface HttpAnswer {
  status: number;
  body: Buffer;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field, as the other tests do
  json(): any;
}

/** One HTTP call; `from` picks the loopback address it comes from (the SMS send limit counts per IP). */
export function httpCall(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: string; contentType?: string; token?: string; from?: string; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers,
        agent: false,
        timeout: options.timeoutMs ?? 30_000,
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolve({ status: response.statusCode ?? 0, body, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/**
 * The server as an operator runs it — `tender-server start` in a process of its own, from source through tsx —
 * so a test can kill it with SIGKILL the way a crash, the OOM killer or a power cut does, and start it again.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private lines: string[] = [];
  private waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];

  /**
   * `production`: none of the demo defaults below (dev mode, no rate limits, the payment sandbox): the server gets
   * exactly `env`, as an operator's production start does.
   */
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly options: { production?: boolean } = {},
  ) {}

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts `tender-server <command>` (default `start`); returns at once (see `ready()` and `exited()`). */
  start(extraEnv: Record<string, string> = {}, command: readonly string[] = ['start']): void {
    this.lines = [];
    // Only what the test says: a DATABASE_URL or REDIS_URL of the machine running the tests must not leak in.
    const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(serverPackageRoot, 'src', 'cli.ts'), ...command],
      {
        cwd: serverPackageRoot,
        env: {
          ...inherited,
          PORT: String(this.port),
          HOST: '127.0.0.1',
          ...(this.options.production
            ? {}
            : { TENDER_DEV: '1', RATE_LIMITS: 'off', PAY_PROVIDER: 'sandbox' }),
          ...this.env,
          ...extraEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let pending = '';
    const onData = (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) {
        this.lines.push(line);
        for (const waiter of [...this.waiters]) {
          if (waiter.match(line)) {
            this.waiters.splice(this.waiters.indexOf(waiter), 1);
            waiter.resolve(line);
          }
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    this.child = child;
  }

  /** The first log line (from now or already seen) that `match` accepts. */
  waitForLine(match: (line: string) => boolean, timeoutMs = 120_000): Promise<string> {
    const seen = this.lines.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no such log line in ${timeoutMs} ms:\n${this.log()}`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
    });
  }

  /** Waits until `/healthz` answers 200 (migrated, demo data loaded). */
  async ready(timeoutMs = 150_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`the server exited:\n${this.log()}`);
      const answer = await httpCall(this.port, 'GET', '/healthz', { timeoutMs: 5_000 }).catch(
        () => undefined,
      );
      if (answer?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the server was not ready in ${timeoutMs} ms:\n${this.log()}`);
  }

  /** The exit code once the process has ended (a command that runs to its end). */
  exited(): Promise<number | null> {
    const child = this.child;
    if (!child || !this.running) return Promise.resolve(child?.exitCode ?? null);
    return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** SIGKILL: no handler runs, nothing is flushed or closed. */
  kill9(): Promise<void> {
    return this.signal('SIGKILL');
  }

  /** SIGTERM: the orderly stop (HTTP closed, PGlite checkpointed and unlocked). */
  stop(): Promise<void> {
    return this.signal('SIGTERM');
  }

  private signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  /** The last lines the process wrote, for failure messages. */
  log(): string {
    return this.lines.slice(-30).join('\n');
  }
}
