import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { companyPageFields } from './companies';
import { gatePassSchema, gateRefusalSchema } from './permissions';
import { searchListEndpoint } from './search';

/**
 * Data export (spec §7 Export; §2 export button, exportPermission and noData dialogs; 我的导出记录): the rows of a
 * search filter as an .xlsx file, at most the day's `downloadProject` rows (docs/business-rules.md: 500 / 2000 /
 * 10000 rows a day). The file is written in the background; `getNowNumStatus` reports its progress and
 * `project/exportFile` downloads it, again whenever the caller wants, from the export records.
 */

/** The conditions of an export: searchList's filters, without the page. */
export const exportConditionsSchema = searchListEndpoint.request.omit({ pageNumber: true, pageSize: true });

export type ExportConditions = z.infer<typeof exportConditionsSchema>;

/** Exports of an unlimited quota stop here: a file beyond this is no longer something a person reads. */
export const EXPORT_ROW_CAP = 100_000;

/** What an export of these conditions would write, before it is ordered. */
export const exportPreviewSchema = z.object({
  /** Matches of the filter, counted up to EXPORT_ROW_CAP + 1. */
  matched: z.number().int(),
  /** Rows the export will write: the matches, at most today's remaining rows (and EXPORT_ROW_CAP). */
  rows: z.number().int(),
  /** Rows beyond today's quota are left out. */
  limited: z.boolean(),
  /** What to tell the user (共 N 条，今日还可导出 M 条 …). */
  message: z.string(),
  permission: gatePassSchema,
});

export const exportRecordSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  /** Matches of the filter when it was ordered, rows allowed by the quota, rows written so far. */
  matched: z.number().int(),
  allowed: z.number().int(),
  written: z.number().int(),
  /** written / allowed, 0–100. */
  percent: z.number().int(),
  limited: z.boolean(),
  /** The conditions as ordered. */
  conditions: z.record(z.string(), z.unknown()),
  /** China time, YYYY-MM-DD HH:mm:ss. */
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The file's size when done. */
  bytes: z.number().int().nullable(),
  /** Where to download it (GET, with the session and the global parameters) once done. */
  downloadPath: z.string().nullable(),
});

export type ExportRecord = z.infer<typeof exportRecordSchema>;

const exportErrors = [
  {
    code: 403,
    when: '品牌未开放导出、会员无导出权限（exportPermission）、今日导出条数已用完（usedUp）或条件无数据（noData）；data 为权限弹窗',
  },
];

/** spec §7 project/dataExportOrderInit: what an export of these conditions would give, spending nothing. */
export const dataExportOrderInitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/project/dataExportOrderInit',
  summary:
    '导出预览：该条件的匹配条数、今日剩余导出条数（downloadProject）与本次可导出条数；超出额度的部分不导出并在 message 中说明；不计次',
  access: 'user',
  request: exportConditionsSchema,
  response: exportPreviewSchema,
  errorData: gateRefusalSchema,
  errors: exportErrors,
});

/** spec §7 project/dataExportOrder: order the export; the file is written in the background. */
export const dataExportOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/project/dataExportOrder',
  summary:
    '导出数据：按条件导出 .xlsx（最新发布在前），扣除本次导出条数（downloadProject，每日条数），超出今日额度的行不导出并在 message 中说明；文件在后台生成，进度见 getNowNumStatus',
  access: 'user',
  request: exportConditionsSchema,
  response: z.object({ record: exportRecordSchema, message: z.string(), permission: gatePassSchema }),
  errorData: gateRefusalSchema,
  errors: exportErrors,
});

/** spec §7 project/getLastExportCondition: the conditions of the caller's last export, to fill the form. */
export const getLastExportConditionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/project/getLastExportCondition',
  summary: '上次导出的条件（没有导出过时为 null）',
  access: 'user',
  request: z.object({}),
  response: z.record(z.string(), z.unknown()).nullable(),
});

/** spec §7 project/getWordNum: today's export rows. */
export const getWordNumEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/project/getWordNum',
  summary: '今日导出条数：downloadProject 的每日上限、已用与剩余（-1 为不限，最多每次 100000 条）；不计次',
  access: 'user',
  request: z.object({}),
  response: gatePassSchema,
  errorData: gateRefusalSchema,
  errors: [{ code: 403, when: '品牌未开放导出或会员无导出权限；data 为权限弹窗' }],
});

/** spec §7 project/getNowNumStatus: the progress of an export (the newest when no id is given). */
export const getNowNumStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/project/getNowNumStatus',
  summary: '导出进度：指定（或最近一次）导出的状态、已写行数与百分比；没有导出时为 null',
  access: 'user',
  request: z.object({
    id: z.coerce
      .number({ error: '导出编号 id 须为数字' })
      .int('导出编号 id 须为正整数')
      .positive('导出编号 id 须为正整数')
      .optional()
      .describe('导出编号；不填为最近一次'),
  }),
  response: exportRecordSchema.nullable(),
  errors: [{ code: 404, when: 'id 不是调用者的导出' }],
});

/** 我的导出记录: the caller's exports, newest first. */
export const exportRecordListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/project/exportRecordList',
  summary: '我的导出记录：调用者的导出，最新在前，可再次下载已完成的文件',
  access: 'user',
  request: z.object({ ...companyPageFields }),
  response: z.object({
    records: z.array(exportRecordSchema),
    total: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  }),
});

/** Download a finished export again (file, not JSON). Costs nothing: the rows were counted when ordered. */
export const exportFileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/project/exportFile',
  summary:
    '下载导出文件（文件，非 JSON）：调用者已完成的导出，可重复下载、不再计次；Content-Disposition 以 RFC 5987 给出中文文件名；其他情况为 JSON 信封',
  access: 'user',
  request: z.object({
    id: z.coerce
      .number({ error: '请提供导出编号 id' })
      .int('导出编号 id 须为正整数')
      .positive('导出编号 id 须为正整数'),
  }),
  response: z.string().describe('文件内容（.xlsx），不是 JSON 信封'),
  errors: [
    { code: 404, when: 'id 不是调用者的导出，或文件已不存在' },
    { code: 409, when: '导出尚未完成或失败' },
  ],
});
