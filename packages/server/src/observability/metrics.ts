import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { SmsProvider } from '../auth/sms-provider';
import type { Database, PoolUse, Queryable } from '../db/database';
import { searchIndex } from '../search/search-index';

/**
 * The process's metrics in Prometheus format (docs/monitoring/README.md lists every family). One registry per
 * process — prom-client's global one, which the primary of `API_PROCESSES` sums over the workers
 * (AggregatorRegistry, cli/metrics-listener.ts) — so counters live as long as the process.
 */
export const metricsRegistry = client.register;
client.collectDefaultMetrics({ register: metricsRegistry });

/** Seconds; the API's answers are mostly 1–100 ms, exports and imports take longer. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new client.Counter({
  name: 'tender_http_requests_total',
  help: 'HTTP requests answered, by route template, method and HTTP status',
  labelNames: ['route', 'method', 'status'] as const,
});

export const httpRequestDuration = new client.Histogram({
  name: 'tender_http_request_duration_seconds',
  help: 'Time from the request to its answer, by route template, method and HTTP status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: LATENCY_BUCKETS,
});

export const databaseQueryDuration = new client.Histogram({
  name: 'tender_db_query_duration_seconds',
  help: 'Time of one query or one whole transaction, by database (primary, replica) and kind',
  labelNames: ['database', 'kind'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
});

const poolSources = new Map<string, () => PoolUse>();

export const routedReads = new client.Counter({
  name: 'tender_db_routed_reads_total',
  help: 'Reads that may be a moment old (search, analysis, company pages), by the database that answered',
  labelNames: ['database'] as const,
});

const replicaSources = new Set<
  () => readonly { name: string; healthy: boolean; lagSeconds: number | undefined }[]
>();

/** The replicas' state is read at each scrape until the returned function is called. */
export function reportReplicas(
  read: () => readonly { name: string; healthy: boolean; lagSeconds: number | undefined }[],
): () => void {
  replicaSources.add(read);
  return () => replicaSources.delete(read);
}

new client.Gauge({
  name: 'tender_db_replica_lag_seconds',
  help: 'How far each read replica was behind the primary at its last check (absent while it does not answer)',
  labelNames: ['database'] as const,
  collect() {
    this.reset();
    for (const read of replicaSources)
      for (const replica of read())
        if (replica.lagSeconds !== undefined) this.set({ database: replica.name }, replica.lagSeconds);
  },
});

new client.Gauge({
  name: 'tender_db_replica_in_reads',
  help: 'Whether each read replica is in the reads (1) or left out: down, promoted or lagging (0)',
  labelNames: ['database'] as const,
  collect() {
    this.reset();
    for (const read of replicaSources)
      for (const replica of read()) this.set({ database: replica.name }, replica.healthy ? 1 : 0);
  },
});

new client.Gauge({
  name: 'tender_db_pool_connections',
  help: 'Database connections by database and state: max (the pool size), open, idle, waiting (callers queued)',
  labelNames: ['database', 'state'] as const,
  collect() {
    this.reset();
    for (const [database, read] of poolSources) {
      const use = read();
      this.set({ database, state: 'max' }, use.max);
      this.set({ database, state: 'open' }, use.open);
      this.set({ database, state: 'idle' }, use.idle);
      this.set({ database, state: 'waiting' }, use.waiting);
    }
  },
});

new client.Counter({
  name: 'tender_search_cache_lookups_total',
  help: 'Search result cache lookups of this process, by result (hit, miss)',
  labelNames: ['result'] as const,
  collect() {
    const stats = searchIndex.resultCache.stats();
    this.reset();
    this.inc({ result: 'hit' }, stats.hits);
    this.inc({ result: 'miss' }, stats.misses);
  },
});

export const importedItems = new client.Counter({
  name: 'tender_import_items_total',
  help: 'Imported records by outcome (inserted, duplicate), from the demo load and imports run in this process',
  labelNames: ['outcome'] as const,
});

export const pendingImportLines = new client.Gauge({
  name: 'tender_import_pending_lines',
  help: 'Lines of the imports running in this process not yet committed',
});

export const subscriptionPushLag = new client.Histogram({
  name: 'tender_subscription_push_lag_seconds',
  help: 'From a notice matched at import to its push to the member (websocket and robot queue)',
  buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
});

const websocketSources = new Set<() => number>();

/** Each push hub's open websockets are counted at each scrape until the returned function is called. */
export function reportWebsockets(count: () => number): () => void {
  websocketSources.add(count);
  return () => websocketSources.delete(count);
}

new client.Gauge({
  name: 'tender_websocket_connections',
  help: 'Open push websockets of this process',
  collect() {
    let open = 0;
    for (const count of websocketSources) open += count();
    this.set(open);
  },
});

export const smsSends = new client.Counter({
  name: 'tender_sms_sends_total',
  help: 'SMS verification codes handed to the provider, by provider and result (sent, failed)',
  labelNames: ['provider', 'result'] as const,
});

/** `provider` with each send counted under `name` (sent, failed). */
export function countedSmsProvider(name: string, provider: SmsProvider): SmsProvider {
  return {
    async send(message) {
      try {
        await provider.send(message);
        smsSends.inc({ provider: name, result: 'sent' });
      } catch (error) {
        smsSends.inc({ provider: name, result: 'failed' });
        throw error;
      }
    },
  };
}

export const exportJobs = new client.Counter({
  name: 'tender_export_jobs_total',
  help: 'Data export files by event (started, resumed, done, failed)',
  labelNames: ['event'] as const,
});

export const runningExportJobs = new client.Gauge({
  name: 'tender_export_jobs_running',
  help: 'Data export files being written by this process',
});

const orderSources = new Set<Queryable>();

/** Order states are counted in `db` at each scrape until the returned function is called. */
export function reportOrderStates(db: Queryable): () => void {
  orderSources.add(db);
  return () => orderSources.delete(db);
}

new client.Gauge({
  name: 'tender_orders',
  help: 'Membership orders in the database by status (the same on every node)',
  labelNames: ['status'] as const,
  async collect() {
    this.reset();
    for (const db of orderSources) {
      const rows = await db.query<{ status: string; count: number }>(
        'SELECT status, count(*)::int AS count FROM member_order GROUP BY status',
      );
      for (const row of rows) this.inc({ status: row.status }, row.count);
    }
  },
});

/**
 * `db` with every query and transaction timed under `database` (primary, replica-1, …) and its pool reported at
 * each scrape until it is closed. PGlite's one connection is reported as a pool of one: busy while a call runs,
 * the calls behind it waiting.
 */
export function measuredDatabase(db: Database, database: string): Database & { stopReporting(): void } {
  let inFlight = 0;
  const timed = async <T>(kind: string, call: () => Promise<T>): Promise<T> => {
    const end = databaseQueryDuration.startTimer({ database, kind });
    inFlight += 1;
    try {
      return await call();
    } finally {
      inFlight -= 1;
      end();
    }
  };
  const timeQueries = (target: Queryable, kind: string): Queryable => ({
    query: (text, params) => timed(kind, () => target.query(text, params)),
    exec: (script) => target.exec(script),
  });
  const stopReporting = reportPoolUse(
    database,
    db.poolUse ??
      (() => ({ max: 1, open: 1, idle: inFlight === 0 ? 1 : 0, waiting: Math.max(0, inFlight - 1) })),
  );
  return {
    ...db,
    ...timeQueries(db, 'query'),
    // The statements inside a transaction are timed as one: its connection is held from BEGIN to COMMIT.
    transaction: (work) => timed('transaction', () => db.transaction(work)),
    close() {
      stopReporting();
      return db.close();
    },
    stopReporting,
  };
}

/** The pool of `database` is read at each scrape until the returned function is called. */
function reportPoolUse(database: string, read: () => PoolUse): () => void {
  poolSources.set(database, read);
  return () => {
    if (poolSources.get(database) === read) poolSources.delete(database);
  };
}

/** Route templates, not URLs: an id in the path must not make a series of its own. */
export function countRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` on the public port, only with `METRICS_TOKEN` set and given as a bearer token; without the
 * token configured the path does not exist here (`METRICS_PORT` serves it on a port of its own instead).
 */
export function metricsRoute(app: FastifyInstance, token: string | undefined): void {
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send('metrics need the bearer token\n');
    }
    return reply
      .header('content-type', metricsRegistry.contentType)
      .header('cache-control', 'no-store')
      .send(await metricsRegistry.metrics());
  });
}
