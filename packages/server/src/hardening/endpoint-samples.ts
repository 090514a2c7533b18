import type { EndpointDefinition } from '@tender/contracts';
import { z } from 'zod';

/** The JSON Schema of a request as a client writes it (zod's input side). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
}

export function requestSchema(endpoint: EndpointDefinition): JsonSchema {
  return z.toJSONSchema(endpoint.request, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * Values of fields whose rules a schema states as a pattern or a refinement that a generic sample cannot meet.
 * Keyed by field name; the same field means the same thing across the contracts.
 */
const KNOWN_VALUES: Record<string, unknown> = {
  mobile: '13800000000',
  code: '123456',
  email: 'buyer@example.com',
  keyword: '医院',
  keywords: '医院',
  word: '医院',
  name: '测试',
  companyName: '测试科技有限公司',
  realUserName: '测试用户',
  orderNo: 'T0000000000000000000',
  ticket: 'ticket',
  invite: 'v1.invite.signature',
  areaCode: '440000',
  provinceCode: '440000',
  date: '2026-03-01',
  startDate: '2026-01-01',
  endDate: '2026-03-01',
  month: '2026-03',
  dictName: 'item_amount',
};

/** Whole requests for the endpoints whose rules span fields or sit in refinements, by `METHOD path`. */
const KNOWN_REQUESTS: Record<string, Record<string, unknown>> = {
  'POST /webchat/api/display/updatePreference': { displayMode: 10 },
  'POST /webchat/api/enterprise/account/update': { enterpriseName: '测试企业' },
  'POST /webchat/api/payPrepay': { orderId: 1 },
  'POST /webchat/api/subscribe/group/save': { kind: 'tender', includeWords: ['医院'] },
  'POST /webchat/api/company-monitor/save': { role: 'owner', companyName: '测试科技有限公司' },
  'GET /webchat/api/auth/getPermissionNum': { type: 'watchZhaobiao' },
  'POST /webchat/api/order/project-analysis-docking/submitOrder': {
    id: 1,
    contactName: '测试',
    contactPhone: '13800000000',
  },
};

/** A value the schema accepts, built from the schema alone (the first choice of each alternative). */
export function sampleOf(schema: JsonSchema, field: string): unknown {
  if (field in KNOWN_VALUES) {
    const known = KNOWN_VALUES[field];
    const type = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (schema.type === undefined || type.includes(typeof known)) return known;
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const concrete = alternatives.find((option) => option.type !== 'null') ?? alternatives[0];
    return sampleOf(concrete as JsonSchema, field);
  }
  if (schema.allOf?.length) return sampleOf(schema.allOf[0] as JsonSchema, field);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
    case 'boolean':
      return false;
    case 'array':
      return schema.minItems ? [sampleOf(schema.items ?? {}, field)] : [];
    case 'object':
      return sampleObject(schema);
    case 'string':
      if (schema.format === 'date') return '2026-03-01';
      if (schema.format === 'date-time') return '2026-03-01T09:30:00+08:00';
      if (schema.format === 'email') return 'buyer@example.com';
      if (schema.format === 'uri') return 'https://example.com/';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return 'a';
  }
}

/** The required fields of an object schema, each with a sample. */
export function sampleObject(schema: JsonSchema): Record<string, unknown> {
  return Object.fromEntries(
    (schema.required ?? [])
      .filter((field) => schema.properties?.[field]?.default === undefined)
      .map((field) => [field, sampleOf(schema.properties?.[field] ?? {}, field)]),
  );
}

/**
 * A request the endpoint's contract accepts (without the global parameters): its required fields, each with a
 * sample. Throws when the contract refuses the sample, so a contract change that the samples no longer meet
 * fails loudly instead of quietly testing only the validation.
 */
export function validRequest(endpoint: EndpointDefinition): Record<string, unknown> {
  const sample =
    KNOWN_REQUESTS[`${endpoint.method} ${endpoint.path}`] ?? sampleObject(requestSchema(endpoint));
  const checked = endpoint.request.safeParse(sample);
  if (!checked.success) {
    throw new Error(
      `no valid sample for ${endpoint.method} ${endpoint.path}: ${JSON.stringify(sample)} → ${checked.error.message}`,
    );
  }
  return sample;
}
