import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { OPEN_API_OPERATIONS, type OpenApiOperation } from '@tender/contracts/open-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestBaseUrl } from '../http/base-url';
import { BusinessError } from '../http/business-error';
import { bearerToken } from '../http/endpoint-route';
import type { KeyCaller, OperationRunner } from './operations';
import { operationText, quotaText, webLinks } from './readable-text';

export const MCP_PATH = '/webchat/mcp';

const SERVER_INFO = { name: 'tender-open-data', version: '1.0.0' };

function operationNamed(name: string): OpenApiOperation {
  const operation = OPEN_API_OPERATIONS.find((candidate) => candidate.name === name);
  if (!operation) throw new Error(`no operation ${name}`);
  return operation;
}

/**
 * One MCP server per HTTP request (the stateless Streamable HTTP mode: no session to keep between calls, any node
 * of the cluster answers), its tools the open API's operations, run for the caller of the request's API key.
 */
function mcpServerFor(
  runner: OperationRunner,
  caller: KeyCaller,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const server = new McpServer(SERVER_INFO, {
    instructions:
      '招投标信息开放数据：搜索招标、中标信息，查看公告与企业画像、合作伙伴、潜在投标人，市场统计与同比，采购人与供应商排行，我的订阅新信息，以及即将到期的合同。每次调用计 1 次 apiAccess；查看详情与网页同样计次。',
  });
  const links = webLinks(requestBaseUrl(request), caller.tenant.id);
  const run = (operation: OpenApiOperation, input: Record<string, unknown>) =>
    runner.run(operation, caller, input, { request, reply });

  for (const operation of OPEN_API_OPERATIONS) {
    server.registerTool(
      operation.name,
      { description: operation.summary, inputSchema: operation.request },
      async (input: Record<string, unknown>) => {
        try {
          const answer = await run(operation, input);
          const text = operationText(operation.name, answer.data, links, answer.nextCursor);
          return {
            content: [
              { type: 'text' as const, text: `${text}\n\n今日 API 调用：${quotaText(answer.quota)}` },
            ],
          };
        } catch (error) {
          // A refusal (quota used up, not found, bad input) is the tool's answer, for the assistant to read.
          if (error instanceof BusinessError) {
            return { isError: true, content: [{ type: 'text' as const, text: error.message }] };
          }
          throw error;
        }
      },
    );
  }

  server.registerResource(
    'notice',
    new ResourceTemplate('tender://notice/{id}', { list: undefined }),
    { title: '公告', description: '一条公告的详情（按查看次数计次，与网页相同）', mimeType: 'text/plain' },
    async (uri, variables) => {
      const answer = await run(operationNamed('get_notice'), { id: variables.id });
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: 'text/plain',
            text: operationText('get_notice', answer.data, links, null),
          },
        ],
      };
    },
  );
  server.registerResource(
    'company',
    new ResourceTemplate('tender://company/{companyId}', { list: undefined }),
    {
      title: '企业',
      description: '一家企业的画像（按企业详情查看次数计次，与网页相同）',
      mimeType: 'text/plain',
    },
    async (uri, variables) => {
      const answer = await run(operationNamed('get_company'), { companyId: variables.companyId });
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: 'text/plain',
            text: operationText('get_company', answer.data, links, null),
          },
        ],
      };
    },
  );
  return server;
}

/** `POST /webchat/mcp`: Streamable HTTP, `Authorization: Bearer <API key>` (docs/open-api.md). */
export function mcpRoutes(app: FastifyInstance, runner: OperationRunner): void {
  app.post(MCP_PATH, async (request, reply) => {
    let caller: KeyCaller;
    try {
      caller = await runner.authenticate(bearerToken(request));
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      // Before any MCP message: plain HTTP, as the Streamable HTTP transport's authorization expects.
      return reply
        .code(error.code === 429 ? 429 : 401)
        .header('www-authenticate', 'Bearer')
        .send({ jsonrpc: '2.0', error: { code: -32001, message: error.message }, id: null });
    }
    const server = mcpServerFor(runner, caller, request, reply);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
  // Stateless: no stream to open with GET and no session to end with DELETE (the transport's spec allows 405).
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_PATH,
      handler: (_request, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .send({ jsonrpc: '2.0', error: { code: -32000, message: '仅支持 POST' }, id: null }),
    });
  }
}
