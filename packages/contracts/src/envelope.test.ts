import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { globalParamsSchema } from './global-params';
import { memberCodeSchema } from './member-codes';

describe('envelope', () => {
  const schema = envelopeSchema(z.object({ id: z.number() }));

  it('accepts {code, data, message}', () => {
    expect(schema.parse({ code: 200, data: { id: 1 }, message: '成功' })).toEqual({
      code: 200,
      data: { id: 1 },
      message: '成功',
    });
  });

  it('rejects an answer without a message or with a wrongly shaped data', () => {
    expect(schema.safeParse({ code: 200, data: { id: 1 } }).success).toBe(false);
    expect(schema.safeParse({ code: 200, data: { id: '1' }, message: '' }).success).toBe(false);
  });
});

describe('global parameters', () => {
  it('coerces the version from a query string and names the field when the brand is bad', () => {
    expect(globalParamsSchema.parse({ brand: 'portal', version: '20' })).toEqual({
      brand: 'portal',
      version: 20,
    });
    const result = globalParamsSchema.safeParse({ brand: 'Portal!', version: 20 });
    expect(result.error?.issues[0]?.message).toContain('brand');
  });
});

describe('member code', () => {
  it('accepts the four levels only', () => {
    for (const code of ['putong', 'toubiaotong', 'qiyetong', 'qiye']) {
      expect(memberCodeSchema.safeParse(code).success).toBe(true);
    }
    expect(memberCodeSchema.safeParse('vip').success).toBe(false);
  });
});
