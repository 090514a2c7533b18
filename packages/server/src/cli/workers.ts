import cluster, { type Worker } from 'node:cluster';
import { DevOutbox, type OutboxEntry } from '../auth/sms-provider';

/** A worker that dies after it began listening is replaced after this pause. */
const RESTART_DELAY_MS = 1_000;

interface OutboxMessage {
  kind: 'dev-sms-outbox';
  key: string;
  entry: OutboxEntry;
}

function isOutboxMessage(message: unknown): message is OutboxMessage {
  return (message as OutboxMessage | null)?.kind === 'dev-sms-outbox';
}

/**
 * The primary process of `API_PROCESSES` > 1 (docs/operations.md "Several API processes on one machine"): forks
 * that many workers, each a whole server on the same port (the cluster module hands out connections) and the
 * same PostgreSQL — migrations and the demo load run under advisory locks, so each happens once. A worker that
 * dies after it began listening is replaced; one that dies before stops the whole start, as a single process would.
 * SIGINT and SIGTERM are passed to the workers, which close as a single server does; the primary exits after them.
 */
export function superviseWorkers(count: number, print: (line: string) => void): Promise<void> {
  let stopping = false;
  /** Each running worker, and whether it has begun listening (a worker that dies before that failed to start). */
  const workers = new Map<Worker, { listening: boolean }>();
  const fork = () => workers.set(cluster.fork(), { listening: false });

  // Dev mode: a code sent by one worker is readable from every worker's outbox.
  cluster.on('message', (sender, message: unknown) => {
    if (!isOutboxMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== sender) worker.send(message);
    }
  });
  cluster.on('listening', (worker) => {
    const state = workers.get(worker);
    if (state) state.listening = true;
  });
  cluster.on('exit', (worker, code, signal) => {
    const listening = workers.get(worker)?.listening ?? false;
    workers.delete(worker);
    if (stopping) {
      if (workers.size === 0) process.exit();
      return;
    }
    const cause = signal ? `信号 ${signal}` : `退出码 ${code}`;
    if (!listening) {
      print(`API 工作进程 ${worker.process.pid} 启动失败（${cause}），停止全部进程`);
      stopping = true;
      process.exitCode = 1;
      for (const other of workers.keys()) other.process.kill('SIGTERM');
      if (workers.size === 0) process.exit();
      return;
    }
    print(`API 工作进程 ${worker.process.pid} 意外退出（${cause}），${RESTART_DELAY_MS / 1000} 秒后重启`);
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      print(`收到 ${signal}，正在关闭 ${workers.size} 个 API 工作进程`);
      // None running (one was waiting to be replaced): nothing to wait for.
      if (workers.size === 0) process.exit();
      for (const worker of workers.keys()) worker.process.kill(signal);
    });
  }
  print(`启动 ${count} 个 API 工作进程`);
  for (let index = 0; index < count; index += 1) fork();
  return Promise.resolve();
}

/**
 * The dev outbox of a server process: in a worker, shared with the other workers through the primary, so the
 * code of a sign-in started on one worker can be read on another.
 */
export function processOutbox(): DevOutbox {
  const outbox = new DevOutbox();
  if (cluster.isWorker) {
    outbox.onRecord((key, entry) =>
      process.send?.({ kind: 'dev-sms-outbox', key, entry } satisfies OutboxMessage),
    );
    process.on('message', (message: unknown) => {
      if (isOutboxMessage(message)) outbox.store(message.key, message.entry);
    });
  }
  return outbox;
}
