import type { Readable } from 'node:stream';
import {
  EXPORT_ROW_CAP,
  type ExportConditions,
  type ExportRecord,
  type GatePass,
  type GateRefusal,
} from '@tender/contracts';
import { formatDateTime, permissionDialogMessage, RESPONSE_CODES } from '@tender/domain';
import { recordAudit, userActor } from '../audit/audit-log';
import type { Database } from '../db/database';
import { type GateCaller, gateService } from '../gates/service';
import { BusinessError } from '../http/business-error';
import { loadMembership } from '../membership/service';
import { exportJobs, runningExportJobs } from '../observability/metrics';
import { historyConditions, searchFilters, searchRequest } from '../search/conditions';
import type { SearchIndex } from '../search/search-index';
import type { FileStore } from '../storage/file-store';
import { EXPORT_COLUMNS, exportRows } from './rows';
import { writeXlsx } from './xlsx-writer';

const PRIVILEGE = 'downloadProject';

export const EXPORT_FILE_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The name of export `id`'s file in its store. */
export function exportFileKey(id: number): string {
  return `${id}.xlsx`;
}

export const exportMessages = {
  notFound: '该导出记录不存在',
  notReady: '文件尚未生成完成，请稍后再试',
  failed: '该导出生成失败，请重新导出',
  fileGone: '导出文件已不存在，请重新导出',
  preview: (rows: number) => `共 ${rows} 条数据，可全部导出`,
  limited: (matched: number, rows: number) =>
    `共 ${matched} 条数据，今日剩余导出额度 ${rows} 条：本次只导出最新的 ${rows} 条，其余 ${matched - rows} 条未导出`,
  capped: (rows: number) => `共 ${rows}+ 条数据，单次最多导出 ${rows} 条：请缩小条件`,
  started: (rows: number) => `正在生成 ${rows} 条数据的文件，完成后可在「我的导出记录」中下载`,
} as const;

interface RecordRow {
  id: number;
  conditions: Record<string, unknown>;
  file_name: string;
  status: 'running' | 'done' | 'failed';
  matched: number;
  allowed: number;
  written: number;
  bytes: number | null;
  created_at: Date;
  finished_at: Date | null;
}

const RECORD_COLUMNS =
  'id, conditions, file_name, status, matched, allowed, written, bytes, created_at, finished_at';

const DOWNLOAD_PATH = '/webchat/api/project/exportFile';

/**
 * A running export whose writer has given no sign of life for this long is taken over by another API node (its
 * own died). The writer reports at least every batch, a fraction of a second apart.
 */
export const EXPORT_STALE_MS = 120_000;

/** How often each node on PostgreSQL looks for exports a dead node left running. */
export const EXPORT_RESUME_INTERVAL_MS = 60_000;

function recordOf(row: RecordRow): ExportRecord {
  return {
    id: Number(row.id),
    fileName: row.file_name,
    status: row.status,
    matched: row.matched,
    allowed: row.allowed,
    written: row.written,
    percent: row.allowed === 0 ? 100 : Math.floor((row.written * 100) / row.allowed),
    limited: row.allowed < row.matched,
    conditions: row.conditions,
    createdAt: formatDateTime(row.created_at),
    finishedAt: row.finished_at ? formatDateTime(row.finished_at) : null,
    bytes: row.bytes === null ? null : Number(row.bytes),
    downloadPath: row.status === 'done' ? `${DOWNLOAD_PATH}?id=${row.id}` : null,
  };
}

/** Characters file systems refuse in a name, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must go
const UNSAFE_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** '招标数据_医院 设备_20260315-1030.xlsx': the keywords (or 全部) and the China time of the order. */
export function exportFileName(conditions: ExportConditions, now: Date): string {
  const words = [conditions.keyword ?? '', ...(conditions.keywordList ?? [])].join(' ').trim();
  const label = [...(words || '全部').replace(UNSAFE_FILE_NAME, ' ').replace(/\s+/g, ' ')]
    .slice(0, 30)
    .join('')
    .trim();
  return `招标数据_${label || '全部'}_${formatDateTime(now, 'YYYYMMDD-HHmm')}.xlsx`;
}

export interface ExportServiceDependencies {
  db: Database;
  index: SearchIndex;
  /** Files are kept as `<id>.xlsx` (DATA_DIR/exports, or the bucket's exports/). */
  files: FileStore;
  log: { error(object: unknown, message?: string): void; warn(object: unknown, message?: string): void };
}

/**
 * Data export (spec §7 Export): a filter's rows, newest first, as a streamed .xlsx, at most the day's
 * `downloadProject` rows. Ordering spends the rows through the gate (one atomic spend of n uses) before anything
 * is written, then the file is written in the background; the record carries its progress.
 */
export function exportService(dependencies: ExportServiceDependencies) {
  const { db, index, files, log } = dependencies;
  const gates = gateService(db);
  const running = new Set<Promise<void>>();

  /** The noData dialog: not a gate (src/gates/README.md), answered here in the gate's wire shape. */
  async function noData(caller: GateCaller): Promise<BusinessError> {
    const membership = await loadMembership(db, caller.tenant.id, caller.userId, caller.now);
    const refusal: GateRefusal = {
      type: 'noData',
      privilege: PRIVILEGE,
      feature: null,
      memberCode: membership.level,
      isMember: membership.paidLevel !== undefined,
      isDownLoad: false,
      memberProvince: '',
      province: '',
      phone: caller.tenant.supportPhone ?? '',
      upgradeMemberCode: null,
      upgradeMemberName: '',
      limit: null,
      isUsePc: 1,
    };
    return new BusinessError(RESPONSE_CODES.FORBIDDEN, permissionDialogMessage({ type: 'noData' }), refusal);
  }

  /** What the filter matches and how much of it today's quota allows: the ids to write, newest first. */
  async function plan(caller: GateCaller, conditions: ExportConditions) {
    const filters = searchFilters(conditions);
    // check: a day without rows left is the usedUp dialog already in the preview.
    const pass = await gates.enforce(caller, { privilege: PRIVILEGE, mode: 'check' });
    const allowance = pass.limit === -1 ? EXPORT_ROW_CAP : Math.min(pass.remaining ?? 0, EXPORT_ROW_CAP);
    const result = await index.search(db, {
      ...searchRequest(conditions, filters),
      offset: 0,
      limit: Math.max(allowance, 1),
      countCap: EXPORT_ROW_CAP,
    });
    if (result.total === 0) throw await noData(caller);
    const itemIds = result.itemIds.slice(0, allowance);
    const matched = Math.min(result.total, EXPORT_ROW_CAP + 1);
    const rows = itemIds.length;
    let message: string = exportMessages.preview(rows);
    if (rows < matched) {
      message =
        rows === EXPORT_ROW_CAP
          ? exportMessages.capped(EXPORT_ROW_CAP)
          : exportMessages.limited(matched, rows);
    }
    return { pass, itemIds, matched, rows, limited: rows < matched, message };
  }

  async function run(recordId: number, itemIds: readonly number[], now: Date): Promise<void> {
    let reported = 0;
    let reportedAt = 0;
    runningExportJobs.inc();
    try {
      const { bytes } = await files.writeVia(exportFileKey(recordId), EXPORT_FILE_TYPE, (path) =>
        writeXlsx(path, [{ name: '招标数据', columns: EXPORT_COLUMNS, rows: exportRows(db, itemIds) }], now, {
          // Progress at most four times a second: each report is a write.
          onRows: async (written) => {
            if (written === reported || Date.now() - reportedAt < 250) return;
            reported = written;
            reportedAt = Date.now();
            await db.query('UPDATE export_record SET written = $2, heartbeat_at = now() WHERE id = $1', [
              recordId,
              written,
            ]);
          },
        }),
      );
      await db.query(
        `UPDATE export_record SET status = 'done', written = $2, bytes = $3, finished_at = now(), item_ids = NULL
          WHERE id = $1`,
        [recordId, itemIds.length, bytes],
      );
      exportJobs.inc({ event: 'done' });
    } catch (error) {
      exportJobs.inc({ event: 'failed' });
      log.error(error, `export ${recordId} failed`);
      await db.query(
        `UPDATE export_record SET status = 'failed', error = $2, finished_at = now(), item_ids = NULL WHERE id = $1`,
        [recordId, String(error)],
      );
    } finally {
      runningExportJobs.dec();
    }
  }

  function start(recordId: number, itemIds: readonly number[], now: Date): void {
    const job = run(recordId, itemIds, now).finally(() => running.delete(job));
    running.add(job);
  }

  async function ownRecord(userId: number, id: number | undefined): Promise<RecordRow | undefined> {
    const [row] =
      id === undefined
        ? await db.query<RecordRow>(
            `SELECT ${RECORD_COLUMNS} FROM export_record WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
            [userId],
          )
        : await db.query<RecordRow>(
            `SELECT ${RECORD_COLUMNS} FROM export_record WHERE user_id = $1 AND id = $2`,
            [userId, id],
          );
    return row;
  }

  return {
    /** dataExportOrderInit: what the export would write; spends nothing. */
    async preview(caller: GateCaller, conditions: ExportConditions) {
      const { pass, matched, rows, limited, message } = await plan(caller, conditions);
      return { matched, rows, limited, message, permission: pass };
    },

    /** dataExportOrder: spends the rows, records the export and writes the file in the background. */
    async order(caller: GateCaller, conditions: ExportConditions & Record<string, unknown>) {
      const planned = await plan(caller, conditions);
      // The rows are spent, the export recorded and audited in one transaction: a crash or a failed write in
      // between can neither spend a day's rows without a record nor record rows that were not spent.
      const { permission, row } = await db.transaction(async (tx) => {
        const permission: GatePass =
          planned.pass.limit === -1
            ? planned.pass
            : // One atomic spend of every row: concurrent orders cannot export more than the day's rows together.
              await gateService(tx).enforce(caller, {
                privilege: PRIVILEGE,
                mode: 'spend',
                uses: planned.rows,
              });
        const [row] = await tx.query<RecordRow>(
          `INSERT INTO export_record
             (brand_id, user_id, conditions, file_name, status, matched, allowed, created_at, item_ids, heartbeat_at)
           VALUES ($1, $2, $3, $4, 'running', $5, $6, $7, $8, now()) RETURNING ${RECORD_COLUMNS}`,
          [
            caller.tenant.id,
            caller.userId,
            JSON.stringify(historyConditions(conditions)),
            exportFileName(conditions, caller.now),
            planned.matched,
            planned.rows,
            caller.now,
            planned.itemIds,
          ],
        );
        if (!row) throw new Error('export_record insert answered nothing');
        await recordAudit(tx, {
          brandId: caller.tenant.id,
          action: 'export.ordered',
          userId: caller.userId,
          actor: userActor(caller.userId),
          target: `export:${row.id}`,
          detail: { matched: planned.matched, rows: planned.rows, fileName: row.file_name },
          at: caller.now,
        });
        return { permission, row };
      });
      exportJobs.inc({ event: 'started' });
      start(Number(row.id), planned.itemIds, caller.now);
      const message = planned.limited ? planned.message : exportMessages.started(planned.rows);
      return { record: recordOf(row), message, permission };
    },

    async lastConditions(userId: number): Promise<Record<string, unknown> | null> {
      return (await ownRecord(userId, undefined))?.conditions ?? null;
    },

    async status(userId: number, id: number | undefined): Promise<ExportRecord | null> {
      const row = await ownRecord(userId, id);
      if (!row && id !== undefined)
        throw new BusinessError(RESPONSE_CODES.NOT_FOUND, exportMessages.notFound);
      return row ? recordOf(row) : null;
    },

    async list(userId: number, pageNumber: number, pageSize: number) {
      const [rows, [count]] = await Promise.all([
        db.query<RecordRow>(
          `SELECT ${RECORD_COLUMNS} FROM export_record WHERE user_id = $1
           ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
          [userId, pageSize, (pageNumber - 1) * pageSize],
        ),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM export_record WHERE user_id = $1', [
          userId,
        ]),
      ]);
      return { records: rows.map(recordOf), total: count?.total ?? 0, pageNumber, pageSize };
    },

    /** A finished export's file, as often as its owner wants it. */
    async file(userId: number, id: number): Promise<{ stream: Readable; size: number; fileName: string }> {
      const row = await ownRecord(userId, id);
      if (!row) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, exportMessages.notFound);
      if (row.status === 'running') throw new BusinessError(409, exportMessages.notReady);
      if (row.status === 'failed') throw new BusinessError(409, exportMessages.failed);
      const found = await files.open(exportFileKey(Number(row.id)));
      if (!found) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, exportMessages.fileGone);
      return { ...found, fileName: row.file_name };
    },

    /**
     * Writes again the exports a crash (kill -9, power loss) left running, with the very rows they were granted
     * (already spent). On PGlite every running export is such — one process holds the data directory; on
     * PostgreSQL, those whose writer gave no sign of life for EXPORT_STALE_MS. One conditional update claims each,
     * so two nodes never write the same export. Answers how many were taken up.
     */
    async resumeInterrupted(): Promise<number> {
      const claimed = await db.query<{ id: number; item_ids: (number | string)[] | null; created_at: Date }>(
        `UPDATE export_record SET heartbeat_at = now(), written = 0
          WHERE status = 'running'
            AND ($1 OR heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $2))
          RETURNING id, item_ids, created_at`,
        [db.kind === 'pglite', EXPORT_STALE_MS / 1000],
      );
      for (const row of claimed) {
        log.warn({ exportId: Number(row.id) }, 'export interrupted by a crash: writing it again');
        if (!row.item_ids) {
          // Started before its rows were recorded (migration 0014): nothing exact to write again.
          await db.query(
            `UPDATE export_record SET status = 'failed', error = 'interrupted', finished_at = now() WHERE id = $1`,
            [row.id],
          );
          continue;
        }
        exportJobs.inc({ event: 'resumed' });
        start(Number(row.id), row.item_ids.map(Number), new Date(row.created_at));
      }
      return claimed.length;
    },

    /** Waits for the exports being written (the server's close, tests). */
    async settle(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}

export type ExportService = ReturnType<typeof exportService>;
