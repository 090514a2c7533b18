import { z } from 'zod';
import { gateRefusalSchema } from './endpoints/permissions';
import { OPEN_API_OPERATIONS, type OpenApiOperation, openApiAnswerSchema } from './open-api';

/**
 * The OpenAPI 3.1 document of the open data API (`GET /openapi/v1/openapi.json`), generated from
 * OPEN_API_OPERATIONS' zod schemas by zod's own JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1):
 * nothing in it is written by hand but the titles and the status texts.
 */

type JsonSchema = Record<string, unknown>;

const DEFS = '#/$defs/';
const COMPONENTS = '#/components/schemas/';

/** Moves a schema's `$defs` (the named parts, `.meta({id})`) into the shared components, refs rewritten. */
function componentized(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string' && inner.startsWith(DEFS)
          ? `${COMPONENTS}${inner.slice(DEFS.length)}`
          : rewrite(inner),
      ]),
    );
  };
  const { $schema: _dialect, $defs, ...rest } = schema;
  for (const [name, definition] of Object.entries(($defs as Record<string, JsonSchema> | undefined) ?? {})) {
    components[name] = rewrite(definition) as JsonSchema;
  }
  return rewrite(rest) as JsonSchema;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>) {
  return componentized(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema, components);
}

const ERROR_STATUSES = {
  '400': '参数缺失或格式不正确；message 指明字段',
  '401': '缺少 API 密钥，或密钥无效、已吊销',
  '403': '权限不足或今日次数已用完（apiAccess 或该操作的查看次数）；data 为权限弹窗的内容',
  '404': '信息或企业不存在',
  '429': '该密钥调用过于频繁（每个密钥每分钟有上限）',
} as const;

function operationObject(operation: OpenApiOperation, components: Record<string, JsonSchema>) {
  const request = jsonSchema(operation.request, 'input', components);
  const properties = (request.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((request.required as string[] | undefined) ?? []);
  const input =
    operation.method === 'GET'
      ? {
          parameters: Object.entries(properties).map(([name, schema]) => ({
            name,
            in: 'query',
            required: required.has(name),
            ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
            schema,
          })),
        }
      : { requestBody: { required: true, content: { 'application/json': { schema: request } } } };
  return {
    operationId: operation.name,
    summary: operation.summary,
    ...input,
    responses: {
      '200': {
        description: '成功',
        content: {
          'application/json': {
            schema: jsonSchema(openApiAnswerSchema(operation.response), 'output', components),
          },
        },
      },
      ...Object.fromEntries(
        Object.entries(ERROR_STATUSES).map(([status, description]) => [
          status,
          { description, content: { 'application/json': { schema: { $ref: `${COMPONENTS}ErrorAnswer` } } } },
        ]),
      ),
    },
  };
}

export function openApiDocument(serverUrl: string) {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPEN_API_OPERATIONS) {
    const path = operation.path;
    paths[path] = {
      ...paths[path],
      [operation.method.toLowerCase()]: operationObject(operation, components),
    };
  }
  components.ErrorAnswer = jsonSchema(
    openApiAnswerSchema(gateRefusalSchema.nullable()).describe(
      '失败：code 同 HTTP 状态码，message 为中文说明',
    ),
    'output',
    components,
  );
  return {
    openapi: '3.1.0',
    info: {
      title: '招投标信息开放数据接口',
      version: '1.0.0',
      description:
        '用个人中心创建的 API 密钥调用（Authorization: Bearer <密钥>）。每次调用计 1 次 apiAccess，查看详情等与网页同样计次；回答带 quota（今日 apiAccess 已用与剩余）与 nextCursor（翻页游标）。',
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: '个人中心创建的 API 密钥（tk_ 开头）' },
      },
    },
  };
}
