import { dictDetailEndpoint, selDictDetailEndpoint } from '@tender/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadDictionaries, loadDictionary } from './dictionaries';
import { type ApiNotice, createApiClient } from './index';
import {
  type ApiTestServer,
  envelopeReply,
  startApiTestServer,
  statusReply,
} from './testing/api-test-server';

let server: ApiTestServer;
let notices: ApiNotice[];
const client = () =>
  createApiClient({
    brand: { id: 'magpie', interfaceVersion: 20 },
    baseUrl: server.url,
    getToken: () => 'token',
    pcLoginAuthCheck: false,
    handlers: {
      logout() {},
      confirmLoggedInElsewhere() {},
      goToPerfect() {},
      showNotice: (notice) => {
        notices.push(notice);
      },
    },
  });

beforeAll(async () => {
  server = await startApiTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  notices = [];
});

describe('loadDictionary', () => {
  it('asks for page 0 of 9999 entries and gives the entries', async () => {
    const content = [
      { value: '0,100', label: '100万以下' },
      { value: '100,500', label: '100-500万' },
    ];
    server.reply(dictDetailEndpoint.path, envelopeReply(200, { content, totalElements: 2 }));
    expect(await loadDictionary(client(), 'item_amount')).toEqual(content);
    const [request] = server.requestsTo(dictDetailEndpoint.path);
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      dictName: 'item_amount',
      page: '0',
      size: '9999',
      brand: 'magpie',
      version: '20',
    });
  });

  it('gives an empty list when loading fails, without a message', async () => {
    server.reply(dictDetailEndpoint.path, statusReply(500));
    expect(await loadDictionary(client(), 'item_amount')).toEqual([]);
    server.reply(dictDetailEndpoint.path, envelopeReply(400, null, '请提供字典名称 dictName'));
    expect(await loadDictionary(client(), 'item_amount')).toEqual([]);
    expect(notices).toEqual([]);
  });
});

describe('loadDictionaries', () => {
  it('asks for the names at once and keys the answer by name', async () => {
    server.reply(
      selDictDetailEndpoint.path,
      envelopeReply(200, { customer_info: [{ value: '400-1', label: 'mobile' }] }),
    );
    const dictionaries = await loadDictionaries(client(), ['customer_info', 'item_amount']);
    expect(dictionaries).toEqual({ customer_info: [{ value: '400-1', label: 'mobile' }], item_amount: [] });
    expect(server.requestsTo(selDictDetailEndpoint.path)[0]?.query.get('dictNames')).toBe(
      'customer_info,item_amount',
    );
  });

  it("refuses no names with 'need Dict names' and gives empty lists on failure", async () => {
    await expect(loadDictionaries(client(), [' '])).rejects.toThrow('need Dict names');
    server.reply(selDictDetailEndpoint.path, 'destroy');
    expect(await loadDictionaries(client(), ['item_amount'])).toEqual({ item_amount: [] });
    expect(notices).toEqual([]);
  });
});
