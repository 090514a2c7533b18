import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

const dictionaryEntrySchema = z.object({ value: z.string(), label: z.string() });

/** A dictionary's entries, keyed by `dictName` (spec §3 Dictionary, §7 `api/dictDetail`, §9 page size 9999). */
export const dictDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/dictDetail',
  summary: '字典明细：按 dictName 分页返回 value/label 列表',
  access: 'public',
  request: z.object({
    dictName: z.string().trim().min(1, '请提供字典名称 dictName'),
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(9999).default(9999),
  }),
  response: z.object({
    content: z.array(dictionaryEntrySchema),
    totalElements: z.number().int(),
  }),
});
