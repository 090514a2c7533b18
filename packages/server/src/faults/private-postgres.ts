import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);

/** Where Debian's PostgreSQL 15 server binaries are; the restart test is skipped without them. */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/** The binaries are there (and `extra` ones, e.g. pg_basebackup), and as root there is a `postgres` user to run them as. */
export function privatePostgresAvailable(extra: readonly string[] = []): boolean {
  if (!['initdb', 'pg_ctl', ...extra].every((binary) => existsSync(join(POSTGRES_BIN, binary)))) return false;
  if (userInfo().uid !== 0) return true;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder, a free port, trust on loopback), so
 * the test can restart it without disturbing the shared server other tests use. PostgreSQL refuses to run as
 * root: as root, the cluster belongs to the `postgres` user and its commands run through runuser.
 */
export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly asUser: string | undefined,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** An empty folder the cluster's user owns. */
  private static async folder(): Promise<{ dir: string; asUser: string | undefined }> {
    const dir = mkdtempSync(join(tmpdir(), 'tender-private-pg-'));
    const asUser = userInfo().uid === 0 ? 'postgres' : undefined;
    if (asUser) {
      const { stdout } = await run('id', ['-u', asUser]);
      const { stdout: group } = await run('id', ['-g', asUser]);
      chownSync(dir, Number(stdout.trim()), Number(group.trim()));
      chmodSync(dir, 0o700);
    }
    return { dir, asUser };
  }

  /**
   * A streaming replica of `primary` on a port of its own: `pg_basebackup -R` (the copy and the standby settings
   * to follow the primary), then started in standby mode, read-only, replaying what the primary writes.
   */
  static async standbyOf(primary: PrivatePostgres): Promise<PrivatePostgres> {
    const { dir, asUser } = await PrivatePostgres.folder();
    const standby = new PrivatePostgres(dir, await freePort(), asUser);
    await standby.command('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      join(dir, 'data'),
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
    await standby.start();
    return standby;
  }

  static async create(): Promise<PrivatePostgres> {
    const { dir, asUser } = await PrivatePostgres.folder();
    const cluster = new PrivatePostgres(dir, await freePort(), asUser);
    await cluster.command('initdb', [
      '-D',
      join(dir, 'data'),
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await cluster.start();
    return cluster;
  }

  private command(binary: string, args: string[]) {
    const path = join(POSTGRES_BIN, binary);
    return this.asUser ? run('runuser', ['-u', this.asUser, '--', path, ...args]) : run(path, args);
  }

  private serverOptions(): string {
    return `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${this.dir} -c fsync=off -c max_connections=50`;
  }

  start() {
    return this.command('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'log'),
      '-o',
      this.serverOptions(),
      '-w',
      'start',
    ]);
  }

  /** A fast restart: every connection is terminated, the server is down for a moment, then accepts again. */
  restart() {
    return this.command('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'log'),
      '-o',
      this.serverOptions(),
      '-m',
      'fast',
      '-w',
      'restart',
    ]);
  }

  /** An immediate stop, as a crash or a cut network looks to the clients. */
  stop() {
    return this.command('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  }

  async destroy(): Promise<void> {
    await this.command('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']).catch(
      () => {},
    );
    rmSync(this.dir, { recursive: true, force: true });
  }
}
