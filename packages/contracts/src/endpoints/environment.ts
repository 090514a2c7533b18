import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/**
 * Whether this server is a demo (not started with `TENDER_ENV=production`): the client then shows `notice` on every
 * page, so nobody takes simulated payments and unsent codes for the service (docs/operations.md).
 */
export const serviceEnvironmentEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/common/environment',
  summary:
    '运行环境：demo 为 true 时是演示环境（支付模拟、验证码不真实发送等），客户端在每个页面以 notice 显示提示条；正式环境 demo 为 false、notice 为空',
  access: 'public',
  request: z.object({}),
  response: z.object({
    demo: z.boolean(),
    notice: z.string(),
    sentryDsn: z
      .string()
      .optional()
      .describe('浏览器端错误上报的 Sentry DSN（服务端 SENTRY_BROWSER_DSN）；未设置时客户端不加载 Sentry'),
  }),
});

export type ServiceEnvironment = z.infer<typeof serviceEnvironmentEndpoint.response>;
