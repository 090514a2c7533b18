import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { detailItemIdSchema } from './details';
import { feedRecordSchema } from './subscriptions';

/**
 * Monitoring (spec §2 menu areas 业主/对手/代理监控 and 项目监控, §3 Customized (monitor) state, privileges
 * companyMonitor and projectMonitor — totals, §7 project-monitor/*). A monitored company raises a feed line
 * when a new item names it in the role monitored; a monitored project when a new item of the same project
 * (更正, 结果; 审批 → 施工招标) arrives. The permission check is `project-monitor/getProjectMonitorPermission`.
 */

export const COMPANY_MONITOR_ROLES = ['owner', 'rival', 'agent'] as const;
export const companyMonitorRoleSchema = z.enum(COMPANY_MONITOR_ROLES, {
  error: 'role 只能是 owner（业主）、rival（对手）或 agent（代理）',
});

const monitorLimitFields = {
  /** Monitors of this kind in total (companies: all three roles together). */
  used: z.number().int(),
  /** The privilege's total (-1 unlimited, 0 none). */
  limit: z.number().int(),
};

const projectMonitorState = z.object({ id: z.number().int(), isMonitor: z.boolean(), ...monitorLimitFields });

/** spec §7 `project-monitor/getDocumentIsMonitor`. */
export const getDocumentIsMonitorEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/project-monitor/getDocumentIsMonitor',
  summary: '该信息所属项目是否已被本人监控，及已用、可用的项目监控数',
  access: 'user',
  request: z.object({ id: detailItemIdSchema }),
  response: projectMonitorState,
  errors: [{ code: 404, when: 'id 对应的信息不存在' }],
});

/** spec §7 `project-monitor/saveOrUpdateProjectMonitor`. */
export const saveOrUpdateProjectMonitorEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/project-monitor/saveOrUpdateProjectMonitor',
  summary:
    '监控或取消监控一条信息所属的项目：isMonitor 1（默认）监控、0 取消；同一项目的后续信息（更正、结果等）进入订阅列表；总数受 projectMonitor 权益限制',
  access: 'user',
  request: z.object({
    id: detailItemIdSchema,
    isMonitor: z
      .enum(['0', '1'], { error: 'isMonitor 只能是 1（监控）或 0（取消）' })
      .default('1')
      .describe('1 监控（默认），0 取消'),
  }),
  response: projectMonitorState,
  errors: [
    { code: 403, when: '会员无项目监控权益，或监控数已达上限（data 为权限弹窗）' },
    { code: 404, when: 'id 对应的信息不存在' },
  ],
});

export const projectMonitorListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/project-monitor/list',
  summary: '我监控的项目：最新监控在前',
  access: 'user',
  request: z.object({}),
  response: z.object({
    records: z.array(
      z.object({
        id: z.number().int(),
        itemId: z.number().int(),
        title: z.string(),
        type: z.string(),
        publishDate: z.string(),
        createdAt: z.string(),
      }),
    ),
    ...monitorLimitFields,
  }),
});

export const companyMonitorSchema = z
  .object({
    id: z.number().int(),
    companyId: z.number().int(),
    companyName: z.string(),
    role: companyMonitorRoleSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'CompanyMonitor' });

export const companyMonitorListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/company-monitor/list',
  summary:
    '我监控的公司（业主、对手、代理），最新在前；附已用与可用的公司监控数（companyMonitor 权益，三类合计）',
  access: 'user',
  request: z.object({ role: companyMonitorRoleSchema.optional() }),
  response: z.object({ records: z.array(companyMonitorSchema), ...monitorLimitFields }),
});

export const companyMonitorSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/company-monitor/save',
  summary:
    '监控一家公司：owner 业主（作采购人/招标人）、rival 对手（作中标人或候选人）、agent 代理（作代理机构）；按 companyId 或公司全称；重复监控不重复计数',
  access: 'user',
  request: z
    .object({
      role: companyMonitorRoleSchema,
      companyId: detailItemIdSchema.optional().describe('公司编号'),
      companyName: z.string({ error: '公司名称须为文字' }).trim().max(100, '公司名称过长').optional(),
    })
    .refine((value) => value.companyId !== undefined || Boolean(value.companyName), {
      message: '请提供 companyId 或 companyName',
      path: ['companyId'],
    }),
  response: companyMonitorSchema,
  errors: [
    { code: 403, when: '会员无公司监控权益，或监控数已达上限（data 为权限弹窗）' },
    { code: 404, when: '没有这家公司' },
  ],
});

export const companyMonitorDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/company-monitor/delete',
  summary: '取消一个公司监控',
  access: 'user',
  request: z.object({ id: detailItemIdSchema }),
  response: z.object({ removed: z.boolean() }),
});

/** spec §3 Customized (monitor) state: the all-monitor object. */
export const allMonitorEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/monitor/all',
  summary: '全部监控：各类监控的数量与上限、各类未读条数，以及监控命中的最新信息',
  access: 'user',
  request: z.object({
    size: z.coerce
      .number({ error: 'size 须为整数' })
      .int('size 须为整数')
      .min(1, 'size 至少为 1')
      .max(50, 'size 最多 50')
      .default(10),
  }),
  response: z.object({
    owner: z.object({ count: z.number().int(), unread: z.number().int() }),
    rival: z.object({ count: z.number().int(), unread: z.number().int() }),
    agent: z.object({ count: z.number().int(), unread: z.number().int() }),
    project: z.object({ count: z.number().int(), unread: z.number().int() }),
    companyLimit: z.number().int(),
    projectLimit: z.number().int(),
    recent: z.array(feedRecordSchema),
  }),
});
