import { type SelAreaEntry, selAreaEndpoint } from '@tender/contracts';
import { purchaseAreaChoices } from '@tender/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaTreeFromSelArea, loadAreaTree, selAreaVersion } from './area-tree';
import { createApiClient } from './create-api-client';
import { type ApiTestServer, envelopeReply, startApiTestServer } from './testing/api-test-server';

/** A `selArea` answer in the contract's shape (packages/server/src/catalog/README.md), cut to two regions. */
const entries: SelAreaEntry[] = [
  {
    name: '版本',
    code: 'version',
    parentCode: null,
    classify: 'all',
    selected: false,
    description: '版本',
    version: '2.1.0-abc',
  },
  { name: '全国', code: '100000', parentCode: null, classify: 'all', selected: false, description: '全国' },
  {
    name: '北京市',
    code: '110000',
    parentCode: '100000',
    classify: 'one',
    selected: false,
    description: '北京市',
    area: '北京市',
    city: [
      {
        name: '东城区',
        code: '北京市_东城区',
        parentCode: '110000',
        classify: 'two',
        selected: false,
        areaCode: '110101',
      },
    ],
  },
  {
    name: '全部',
    code: '北京市_全部',
    parentCode: '110000',
    classify: 'two',
    selected: false,
    description: '全部',
  },
  {
    name: '广东省',
    code: '440000',
    parentCode: '100000',
    classify: 'one',
    selected: false,
    description: '广东省',
    area: '广东省',
    city: [
      {
        name: '广州市',
        code: '广东省_广州市',
        parentCode: '440000',
        classify: 'two',
        selected: false,
        areaCode: '440100',
      },
      {
        name: '深圳市',
        code: '广东省_深圳市',
        parentCode: '440000',
        classify: 'two',
        selected: false,
        areaCode: '440300',
      },
    ],
  },
  {
    name: '全部',
    code: '广东省_全部',
    parentCode: '440000',
    classify: 'two',
    selected: false,
    description: '全部',
  },
];
const data = JSON.stringify(entries);

describe('areaTreeFromSelArea', () => {
  it('drops the version header and the 全部 entries and nests regions and cities under 全国', () => {
    const tree = areaTreeFromSelArea(data);
    expect(tree.map((node) => node.name)).toEqual(['全国']);
    const regions = tree[0]?.children ?? [];
    expect(regions.map((region) => region.name)).toEqual(['北京市', '广东省']);
    expect(regions[1]?.children?.map((city) => city.code)).toEqual(['广东省_广州市', '广东省_深圳市']);
    expect(purchaseAreaChoices(tree)).toEqual(['全国', '北京市', '广东省']);
  });

  it('reads the version the data is cached under', () => {
    expect(selAreaVersion(data)).toBe('2.1.0-abc');
    expect(selAreaVersion('not json')).toBeUndefined();
  });
});

describe('loadAreaTree', () => {
  let server: ApiTestServer;
  beforeAll(async () => {
    server = await startApiTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('loads the tree through the client, and gives an empty list for an unreadable answer', async () => {
    const client = createApiClient({
      brand: { id: 'portal', interfaceVersion: 20 },
      baseUrl: server.url,
      getToken: () => null,
      pcLoginAuthCheck: false,
      handlers: { logout() {}, confirmLoggedInElsewhere() {}, goToPerfect() {}, showNotice() {} },
    });
    server.reply(selAreaEndpoint.path, envelopeReply(200, data));
    expect((await loadAreaTree(client))[0]?.children).toHaveLength(2);
    server.reply(selAreaEndpoint.path, envelopeReply(200, '[{"oops":1}]'));
    expect(await loadAreaTree(client)).toEqual([]);
  });
});
