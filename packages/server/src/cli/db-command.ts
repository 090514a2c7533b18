import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { copyDatabase } from '../db/copy';
import { openPGlite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { migrationsDir } from '../paths';
import type { Command } from './commands';

export const dbMessages = {
  usage:
    '用法：tender-server db copy --from DATA_DIR --to postgres://用户@主机:端口/数据库\n' +
    '  把嵌入式安装（PGlite 数据目录）整库复制到一个新建的空 PostgreSQL 数据库，并逐表核对行数与校验和。\n' +
    '  复制前请先停止使用该数据目录的服务。',
  noPglite: (dir: string) => `${dir} 下没有嵌入式数据库（pglite 目录）：请用 --from 指定服务的 DATA_DIR`,
  notPostgres: '--to 须为 postgres:// 或 postgresql:// 开头的连接串',
  table: (table: string, rows: number, checksum: string) =>
    `${table.padEnd(28)} ${String(rows).padStart(9)} 行  ${checksum}`,
  done: (tables: number, rows: number, seconds: string) =>
    `复制完成：${tables} 张表、${rows} 行，行数与校验和全部一致（${seconds} 秒）。之后用 DATABASE_URL 指向新库启动服务，DATA_DIR 保留（头像与导出文件仍在其中）。`,
  mismatch: (table: string, source: string, target: string) =>
    `不一致：${table} 源 ${source}，目标 ${target}`,
  failed: (count: number) => `${count} 张表复制后不一致：请删除目标库、重新创建空库后再复制`,
} as const;

/**
 * `tender-server db copy --from DATA_DIR --to postgres://…`: the way from the embedded database to PostgreSQL
 * (docs/operations.md, Scale-out). The target must be a new, empty database; the copy is one transaction there.
 */
export const dbCommand: Command = {
  name: 'db',
  summary:
    'db copy --from DATA_DIR --to postgres://…：把嵌入式数据库整库复制到空的 PostgreSQL，并核对行数与校验和',
  async run({ args, print }) {
    let parsed: ReturnType<typeof parseDbArgs>;
    try {
      parsed = parseDbArgs(args);
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${dbMessages.usage}`);
    }
    const [action] = parsed.positionals;
    const from = parsed.values.from;
    const to = parsed.values.to;
    if (action !== 'copy' || !from || !to || parsed.positionals.length !== 1)
      throw new Error(dbMessages.usage);
    const dataDir = resolve(from);
    if (!existsSync(join(dataDir, 'pglite'))) throw new Error(dbMessages.noPglite(dataDir));
    if (!/^postgres(ql)?:\/\//.test(to)) throw new Error(dbMessages.notPostgres);

    const source = await openPGlite(dataDir);
    try {
      const target = await openPostgres(to);
      try {
        const report = await copyDatabase(source, target, { migrationsDir, log: print });
        for (const table of report.tables) print(dbMessages.table(table.table, table.rows, table.checksum));
        for (const mismatch of report.mismatches) {
          print(
            dbMessages.mismatch(
              mismatch.table,
              `${mismatch.source.rows} 行 ${mismatch.source.checksum}`,
              `${mismatch.target.rows} 行 ${mismatch.target.checksum}`,
            ),
          );
        }
        if (report.mismatches.length > 0) throw new Error(dbMessages.failed(report.mismatches.length));
        const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
        print(dbMessages.done(report.tables.length, rows, (report.elapsedMs / 1000).toFixed(1)));
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
  },
};

function parseDbArgs(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: { from: { type: 'string' }, to: { type: 'string' } },
  });
}
