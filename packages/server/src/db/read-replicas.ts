import { reportReplicas, routedReads } from '../observability/metrics';
import type { Database, Queryable } from './database';

/** What the router tells the log: a replica left or rejoined the reads. */
export interface ReplicaLog {
  info(object: unknown, message: string): void;
  warn(object: unknown, message: string): void;
}

export interface ReadReplicaOptions {
  /** `READ_MAX_LAG`: a replica further behind than this is skipped until it catches up. */
  maxLagMs: number;
  /** How often each replica's health and lag are read. */
  checkIntervalMs: number;
  log: ReplicaLog;
}

interface Replica {
  name: string;
  db: Database;
  /** In the reads: answered the last check, in recovery, within the lag. */
  healthy: boolean;
  /** Seconds behind the primary at the last check; undefined while it does not answer. */
  lagSeconds: number | undefined;
}

/** A replica's lag: 0 when it has replayed all it received, else the age of the last transaction replayed. */
const LAG_SQL = `SELECT pg_is_in_recovery() AS standby,
  CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
       ELSE coalesce(EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()), 0) END::float8 AS lag`;

/**
 * The reads that may be a moment old — search, market analysis, company pages, the data board (docs/operations.md
 * "Read replicas") — spread over the replicas of `DATABASE_READ_URL`, round robin. A replica that does not answer
 * its check, is not in recovery (promoted: no longer following this primary) or lags more than `maxLagMs` is left
 * out until a check finds it well; with none left the reads go to the primary. A read that fails on a replica
 * (it stopped between two checks, a recovery conflict cancelled the query) is asked of the primary at once, so
 * no caller sees a replica's failure. Transactions and scripts always run on the primary.
 */
export function readReplicaRouter(
  primary: Database,
  replicaDatabases: readonly { name: string; db: Database }[],
  options: ReadReplicaOptions,
): Database & { replicas(): readonly Readonly<Replica>[]; checkNow(): Promise<void> } {
  const replicas: Replica[] = replicaDatabases.map(({ name, db }) => ({
    name,
    db,
    // Not read from until its first check says it may be.
    healthy: false,
    lagSeconds: undefined,
  }));
  let next = 0;

  function pick(): Replica | undefined {
    const healthy = replicas.filter((replica) => replica.healthy);
    if (healthy.length === 0) return undefined;
    next = (next + 1) % healthy.length;
    return healthy[next];
  }

  function setHealth(replica: Replica, healthy: boolean, why: Record<string, unknown>) {
    if (replica.healthy === healthy) return;
    replica.healthy = healthy;
    if (healthy) options.log.info({ replica: replica.name, ...why }, 'read replica back in the reads');
    else options.log.warn({ replica: replica.name, ...why }, 'read replica left out of the reads');
  }

  async function check(replica: Replica): Promise<void> {
    try {
      const [row] = await replica.db.query<{ standby: boolean; lag: number }>(LAG_SQL);
      replica.lagSeconds = row?.lag ?? 0;
      if (!row?.standby) setHealth(replica, false, { reason: 'not in recovery (promoted?)' });
      else if (replica.lagSeconds * 1000 > options.maxLagMs)
        setHealth(replica, false, { reason: 'lag', lagSeconds: replica.lagSeconds });
      else setHealth(replica, true, { lagSeconds: replica.lagSeconds });
    } catch (error) {
      replica.lagSeconds = undefined;
      setHealth(replica, false, { reason: 'no answer', error: String(error) });
    }
  }

  let checking: Promise<void> = Promise.resolve();
  const checkAll = () => {
    checking = Promise.all(replicas.map(check)).then(() => undefined);
    return checking;
  };
  const timer = setInterval(() => {
    // A slow check does not pile up: the next one starts after this one ended.
    checking = checking.then(checkAll);
  }, options.checkIntervalMs);
  timer.unref();
  checking = checkAll();
  const stopReporting = reportReplicas(() => replicas);

  async function read<Row>(text: string, params?: readonly unknown[]): Promise<Row[]> {
    const replica = pick();
    if (!replica) {
      routedReads.inc({ database: 'primary' });
      return primary.query<Row>(text, params);
    }
    try {
      const rows = await replica.db.query<Row>(text, params);
      routedReads.inc({ database: replica.name });
      return rows;
    } catch (replicaError) {
      // Its next check decides whether it stays in; this read is the primary's.
      void check(replica);
      options.log.warn(
        { replica: replica.name, error: String(replicaError) },
        'read failed on a replica, asked the primary',
      );
      routedReads.inc({ database: 'primary' });
      return primary.query<Row>(text, params);
    }
  }

  const readQueryable: Queryable = { query: read, exec: (script) => primary.exec(script) };
  return {
    kind: primary.kind,
    ...readQueryable,
    transaction: (work) => primary.transaction(work),
    async close() {
      clearInterval(timer);
      stopReporting();
      await checking.catch(() => undefined);
      await Promise.all(replicas.map((replica) => replica.db.close()));
    },
    replicas: () => replicas,
    checkNow: () => (checking = checking.then(checkAll)),
  };
}
