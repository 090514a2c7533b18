import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openPostgres } from '@tender/server';
import { cacheDir, log, postgresServerUrl } from './setup';

const run = promisify(execFile);

/**
 * A streaming replica of the benchmark's PostgreSQL (BENCH_DATABASE_URL's server) on this machine, for the runs
 * with one replica: `npm run bench -- replica start` copies the whole cluster with `pg_basebackup -R` into
 * tooling/bench/.cache/replica and starts it in standby mode on REPLICA_PORT; `replica stop` stops and removes
 * it. Between the two, `search --replica` and `load --replica` read from it.
 */
const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
export const REPLICA_PORT = Number(process.env.BENCH_REPLICA_PORT ?? 5433);
const replicaDir = join(cacheDir, 'replica');
const dataDir = join(replicaDir, 'data');

/** The replica's address of a database of the primary. */
export function replicaUrl(database: string): string {
  return `postgres://postgres@127.0.0.1:${REPLICA_PORT}/${database}`;
}

/** PostgreSQL refuses to run as root: as root the binaries run as the `postgres` user, which owns the copy. */
async function postgresCommand(binary: string, args: string[]): Promise<void> {
  const path = join(POSTGRES_BIN, binary);
  if (userInfo().uid === 0) await run('runuser', ['-u', 'postgres', '--', path, ...args]);
  else await run(path, args);
}

export async function startReplica(sharedBuffers: string): Promise<void> {
  await stopReplica();
  mkdirSync(replicaDir, { recursive: true });
  if (userInfo().uid === 0) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(replicaDir, uid, gid);
  }
  const primary = new URL(postgresServerUrl());
  log(
    `replica: pg_basebackup of ${primary.host} into ${dataDir} (the whole cluster: minutes at a million items)`,
  );
  const started = performance.now();
  try {
    await postgresCommand('pg_basebackup', [
      ...['-h', primary.hostname, '-p', primary.port || '5432', '-U', primary.username || 'postgres'],
      ...['-D', dataDir, '-R', '-X', 'stream', '--no-sync', '--checkpoint=fast'],
    ]);
  } catch (error) {
    throw new Error(
      `pg_basebackup 失败：主库须允许本机的复制连接（pg_hba.conf 中加 "host replication all 127.0.0.1/32 trust" 并重新加载）。${(error as Error).message}`,
    );
  }
  // A Debian cluster keeps its configuration outside the data folder: the copy gets its own. The primary's
  // postgresql.auto.conf came along; the command line overrides what this machine cannot give a second server
  // (the huge pages are the primary's).
  writeFileSync(join(dataDir, 'postgresql.conf'), '');
  writeFileSync(join(dataDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  if (userInfo().uid === 0) await run('chown', ['-R', 'postgres:postgres', replicaDir]);
  const options = [
    `-p ${REPLICA_PORT}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${replicaDir}`,
    `-c shared_buffers=${sharedBuffers}`,
    '-c huge_pages=off',
    '-c min_dynamic_shared_memory=0',
    // A long search is not cancelled by the replay of a vacuum on the primary.
    '-c hot_standby_feedback=on',
  ].join(' ');
  await postgresCommand('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    join(replicaDir, 'log'),
    '-o',
    options,
    '-w',
    'start',
  ]);
  log(
    `replica: following the primary on port ${REPLICA_PORT} (${Math.round((performance.now() - started) / 1000)} s)`,
  );
}

export async function stopReplica(): Promise<void> {
  if (existsSync(join(dataDir, 'postmaster.pid'))) {
    await postgresCommand('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
  }
  rmSync(replicaDir, { recursive: true, force: true });
}

/**
 * Waits until the replica has replayed everything the primary had written when called (a database made from a
 * template just now included), so a run reads what it wrote before it started.
 */
export async function replicaCaughtUp(database: string): Promise<void> {
  const primary = await openPostgres(postgresServerUrl());
  let target: string;
  try {
    const [row] = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    target = row?.lsn as string;
  } finally {
    await primary.close();
  }
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    try {
      const replica = await openPostgres(replicaUrl(database));
      try {
        const [row] = await replica.query<{ replayed: boolean }>(
          'SELECT pg_is_in_recovery() AND pg_last_wal_replay_lsn() >= $1::pg_lsn AS replayed',
          [target],
        );
        if (row?.replayed) return;
      } finally {
        await replica.close();
      }
    } catch {
      // The database is not on the replica yet.
    }
    if (Date.now() > deadline)
      throw new Error(`replica on port ${REPLICA_PORT}: ${database} not replayed in 30 min`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
