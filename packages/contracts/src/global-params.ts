import { z } from 'zod';

/**
 * Parameters the api-client merges into every request — the body of a POST, the query of a GET
 * (spec §7, docs/architecture.md §7). `brand` selects the tenant; `version` is the brand's interface version.
 */
export const globalParamsSchema = z.object({
  brand: z.string().regex(/^[a-z][a-z0-9-]*$/, 'brand 必须是品牌标识（小写字母、数字或短横线）'),
  version: z.coerce.number().int().positive('version 必须是正整数'),
});

export type GlobalParams = z.infer<typeof globalParamsSchema>;
