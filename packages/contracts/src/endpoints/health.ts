import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** Readiness of the process (docs/architecture.md §7): 200 once migrations and demo data are ready. */
export const healthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/healthz',
  summary: '健康检查：迁移与演示数据就绪后返回 ready',
  access: 'public',
  request: z.object({}),
  response: z.object({
    status: z.enum(['ready', 'starting']),
    brands: z.array(z.string()),
  }),
});
