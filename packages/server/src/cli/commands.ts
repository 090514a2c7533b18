import cluster from 'node:cluster';
import { auditCommand } from '../audit/command';
import { smsSettingsCommand } from '../auth/sms-settings-command';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import { corpusCommand } from '../corpus/command';
import { crawlCommand, partnerCommand } from '../crawl/command';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { extractAccuracyCommand } from '../extract/accuracy-command';
import { extractCommand } from '../extract/command';
import { importCommand } from '../ingest/command';
import { memberCommand, privilegeCommand } from '../membership/commands';
import { clusterMetrics, listenForMetrics } from '../observability/metrics-listener';
import { orderCommand } from '../orders/command';
import { migrationsDir } from '../paths';
import { periodAccuracyCommand, renewalBackfillCommand } from '../renewal/command';
import { searchCommand } from '../search/command';
import { dbCommand } from './db-command';
import { startServer } from './start';
import { superviseWorkers } from './workers';

export interface CommandContext {
  config: ServerConfig;
  /** Opens the configured database; the command owns it until it returns (or, for `start`, until exit). */
  openDatabase(): Promise<Database>;
  args: string[];
  print(line: string): void;
  /** The time commands record (grants, audit rows); default: real time. Tests pass one they can move. */
  clock?: Clock;
}

export interface Command {
  name: string;
  summary: string;
  /** Resolves when the command is done; `start` resolves once the server listens and keeps the process up. */
  run(context: CommandContext): Promise<void>;
  /** Whether the database stays open after `run` resolves (a server). */
  keepsRunning?: boolean;
}

/** The operator commands of `tender-server`; later features add theirs here (import, member, db …). */
export const commands: readonly Command[] = [
  {
    name: 'start',
    summary: '迁移数据库、创建新品牌的租户并启动服务（PORT、DATA_DIR、DATABASE_URL 等见 docs/operations.md）',
    keepsRunning: true,
    async run({ config, openDatabase, print }) {
      if (config.apiProcesses > 1 && cluster.isPrimary) {
        if (config.metricsPort) await listenForMetrics(config.host, config.metricsPort, clusterMetrics());
        return superviseWorkers(config.apiProcesses, print);
      }
      await startServer(await openDatabase(), config);
    },
  },
  {
    name: 'migrate',
    summary: '只执行未应用的数据库迁移，然后退出',
    async run({ openDatabase, print }) {
      const db = await openDatabase();
      try {
        const applied = await migrate(db, readMigrations(migrationsDir));
        print(applied.length ? `已应用迁移：${applied.join('、')}` : '数据库已是最新，无需迁移');
      } finally {
        await db.close();
      }
    },
  },
  importCommand,
  crawlCommand,
  partnerCommand,
  corpusCommand,
  extractCommand,
  extractAccuracyCommand,
  periodAccuracyCommand,
  renewalBackfillCommand,
  memberCommand,
  privilegeCommand,
  orderCommand,
  searchCommand,
  auditCommand,
  smsSettingsCommand,
  dbCommand,
];
