import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { smsCodeSchema } from './user';

/** One table's rows about the member, as stored (secrets such as token hashes left out). */
export const personalDataSectionSchema = z.object({
  /** The table the rows come from. */
  table: z.string(),
  /** What the table holds, in Chinese. */
  title: z.string(),
  rows: z.array(z.record(z.string(), z.unknown())),
});

export type PersonalDataSection = z.infer<typeof personalDataSectionSchema>;

/**
 * 个人信息副本 (PIPL art. 45): everything the platform keeps about the signed-in member, one section per table
 * that mentions the account or its phone. The client saves it as a JSON file.
 */
export const personalDataEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/userCenter/personalData',
  summary:
    '个人信息副本：当前账号在本平台保存的全部个人信息（资料、同意记录、订单、会员、订阅、监控、关注、浏览与搜索记录、导出、优惠券、登录会话、审计记录等），按数据表分节',
  access: 'session',
  request: z.object({}),
  response: z.object({
    /** ISO time the copy was made. */
    exportedAt: z.string(),
    brand: z.string(),
    sections: z.array(personalDataSectionSchema),
  }),
});

export type PersonalData = z.infer<(typeof personalDataEndpoint)['response']>;

/**
 * 注销账号 (PIPL art. 47), proven by a code (purpose `cancelAccount`) sent to the account's own phone. Personal data
 * is deleted or anonymised at once and every session ends; orders stay for accounting with the phone masked. An
 * enterprise main account must first remove its sub-accounts.
 */
export const cancelAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/userCenter/cancelAccount',
  summary:
    '注销账号：需本人手机号 purpose=cancelAccount 的验证码；立即删除或匿名化个人信息并结束全部登录，订单（手机号打码）与审计记录为记账保留；再次用该手机号登录将是新账号',
  access: 'session',
  request: z.object({ code: smsCodeSchema }),
  response: z.null(),
  errors: [
    { code: 400, when: '验证码错误或已失效' },
    { code: 403, when: '企业主账号仍有子账号：须先在企业管理中移除全部子账号' },
  ],
});
