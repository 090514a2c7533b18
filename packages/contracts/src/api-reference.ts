import { z } from 'zod';
import type { EndpointDefinition } from './endpoint';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** A compact, TypeScript-like rendering of a JSON schema: `{ id: integer; tags: string[] }`. */
function shape(schema: JsonSchema): string {
  // A named schema (recursive ones are always named): its name, spelled out once under the response.
  if (schema.$ref) return schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map(shape).join(' | ');
  if (schema.type === 'array') return `${schema.items ? shape(schema.items) : 'unknown'}[]`;
  if (!schema.properties && typeof schema.additionalProperties === 'object') {
    return `{ [key: string]: ${shape(schema.additionalProperties)} }`;
  }
  if (schema.type === 'object' || schema.properties) {
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties ?? {}).map(
      ([name, field]) => `${name}${required.has(name) ? '' : '?'}: ${shape(field)}`,
    );
    return fields.length ? `{ ${fields.join('; ')} }` : '{}';
  }
  return Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'unknown');
}

function constraints(schema: JsonSchema): string {
  const notes = [
    schema.description,
    schema.default !== undefined ? `默认 ${JSON.stringify(schema.default)}` : undefined,
    // zod states the safe-integer bounds of every integer; only real limits are worth a note.
    schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER
      ? `≥ ${schema.minimum}`
      : undefined,
    schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER
      ? `≤ ${schema.maximum}`
      : undefined,
    schema.minLength !== undefined ? `长度 ≥ ${schema.minLength}` : undefined,
    schema.maxLength !== undefined ? `长度 ≤ ${schema.maxLength}` : undefined,
    schema.pattern ? `格式 \`${schema.pattern}\`` : undefined,
    schema.format ? `格式 ${schema.format}` : undefined,
  ];
  return notes.filter(Boolean).join('；');
}

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
}

const ACCESS_TEXT = {
  public: '公开（只需 brand、version）',
  session: '需登录（资料未完善也可调用）',
  user: '需登录且资料已完善',
} as const;

/** The `data` of an endpoint's refusals, with its named parts spelled out once. */
function renderErrorData(schema: z.ZodType): string[] {
  const data = toJsonSchema(schema, 'output');
  return [
    `拒绝时 data：\`${shape(data)}\``,
    ...Object.entries(data.$defs ?? {}).map(([name, part]) => `\n其中 \`${name}\`：\`${shape(part)}\``),
  ];
}

function renderEndpoint(endpoint: EndpointDefinition): string {
  const request = toJsonSchema(endpoint.request, 'input');
  const response = toJsonSchema(endpoint.response, 'output');
  const required = new Set(request.required ?? []);
  const fields = Object.entries(request.properties ?? {});
  const errors = [
    { code: 400, when: '参数缺失或格式不正确；message 指明字段' },
    ...(endpoint.access === 'public'
      ? []
      : [
          { code: 401, when: '未登录、登录已过期或令牌不属于该品牌' },
          { code: 4011, when: '账号已在其他设备登录' },
          ...(endpoint.access === 'user' ? [{ code: 430, when: '资料未完善，需先完善资料' }] : []),
        ]),
    ...(endpoint.errors ?? []),
  ];
  return [
    `### ${endpoint.method} \`${endpoint.path}\``,
    '',
    endpoint.summary,
    '',
    `访问：${ACCESS_TEXT[endpoint.access]}`,
    '',
    fields.length
      ? [
          '| 参数 | 类型 | 必填 | 说明 |',
          '|---|---|---|---|',
          ...fields.map(
            ([name, field]) =>
              `| \`${name}\` | \`${shape(field).replaceAll('|', '\\|')}\` | ${required.has(name) && field.default === undefined ? '是' : '否'} | ${constraints(field).replaceAll('|', '\\|')} |`,
          ),
        ].join('\n')
      : '参数：无（除全局参数外）',
    '',
    `响应 data：\`${shape(response)}\``,
    ...Object.entries(response.$defs ?? {}).map(
      ([name, schema]) => `\n其中 \`${name}\`：\`${shape(schema)}\``,
    ),
    '',
    '| code | 何时 |',
    '|---|---|',
    '| 200 | 成功 |',
    ...errors.map((error) => `| ${error.code} | ${error.when} |`),
    ...(endpoint.errorData ? ['', ...renderErrorData(endpoint.errorData)] : []),
  ].join('\n');
}

/** docs/api.md, generated from the contracts so the reference cannot drift from what the server validates. */
export function renderApiReference(endpoints: readonly EndpointDefinition[]): string {
  return `${[
    '# API reference',
    '',
    '<!-- Generated from packages/contracts (API_ENDPOINTS) by its api-reference test; do not edit by hand.',
    '     Regenerate: cd packages/contracts && npx vitest run api-reference -u -->',
    '',
    'Every answer is `{code, data, message}` with HTTP status 200 for business outcomes (spec §7, §8). Every',
    'request carries the global parameters `brand` (the brand id, selects the tenant) and `version` (the brand’s',
    'interface version): in the body of a POST, in the query of a GET. Signed-in calls send',
    '`Authorization: Bearer <token>`. Outside `/webchat`, `GET /healthz` answers `{status, brands}` for load',
    'balancers.',
    '',
    ...endpoints.map(renderEndpoint).flatMap((section) => [section, '']),
  ].join('\n')}`;
}
