import { z } from 'zod';

/**
 * Every answer of the API is this envelope (spec §7): `code` 200 is success; business outcomes such as 401,
 * 4011, 430, 400 and 403 travel with HTTP status 200 (docs/architecture.md §7).
 */
export function envelopeSchema<TData extends z.ZodType>(data: TData) {
  return z.object({
    code: z.number().int(),
    data,
    message: z.string(),
  });
}

export interface Envelope<TData> {
  code: number;
  data: TData;
  message: string;
}
