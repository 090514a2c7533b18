import {
  approvalStageEndpoint,
  customerMobileEndpoint,
  documentTypeEndpoint,
  type Envelope,
  envelopeSchema,
  industryListEndpoint,
  type SelAreaEntry,
  selAreaEndpoint,
  selAreaEntriesSchema,
  selDictDetailEndpoint,
  selThreeLevelAreaEndpoint,
} from '@tender/contracts';
import { type AreaNode, buildAreaTree, purchaseAreaChoices, WHOLE_COUNTRY } from '@tender/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { testDatabaseTargets } from '../test-support/databases';
import { startTestServer, type TestServer } from '../test-support/test-server';

const ALPHA = 'brand=alpha&version=20';
const BETA = 'brand=beta&version=19';

/** What the web client does with the selArea answer (spec §7, §8): parse, drop the first entry and the 全部 ones. */
function clientAreaNodes(entries: SelAreaEntry[]): AreaNode[] {
  return entries
    .slice(1)
    .filter((entry) => entry.description !== '全部')
    .flatMap((entry) => [entry, ...(entry.city ?? [])])
    .map(({ name, code, parentCode, classify, selected }) => ({
      name,
      code,
      parentCode,
      classify,
      selected,
    }));
}

describe.each(testDatabaseTargets())('catalog on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });

  afterAll(async () => {
    await server.close();
  });

  async function get<T>(url: string, data: z.ZodType<T>): Promise<T> {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const body: Envelope<T> = envelopeSchema(data).parse(response.json());
    expect(body.code, JSON.stringify(body)).toBe(200);
    return body.data;
  }

  async function refusal(url: string) {
    const body = (await server.app.inject({ method: 'GET', url })).json();
    expect(body.data).toBeNull();
    return body as { code: number; message: string };
  }

  describe('selArea', () => {
    it('answers a JSON string whose first entry carries the cache version', async () => {
      const data = await get(`/webchat/common/selArea?${ALPHA}`, selAreaEndpoint.response);
      const entries = selAreaEntriesSchema.parse(JSON.parse(data));
      expect(entries[0]).toMatchObject({ code: 'version', description: '版本' });
      expect(entries[0]?.version).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{12}$/);
      // The same data, the same version: the client's cache stays valid between calls and brands.
      const again = await get(`/webchat/common/selArea?${BETA}`, selAreaEndpoint.response);
      expect(again).toBe(data);
    });

    it('drives the domain area helpers: 全国 → 34 regions → their cities', async () => {
      const data = await get(`/webchat/common/selArea?${ALPHA}`, selAreaEndpoint.response);
      const entries = selAreaEntriesSchema.parse(JSON.parse(data));
      const tree = buildAreaTree(clientAreaNodes(entries));

      expect(tree).toHaveLength(1);
      const [country] = tree;
      expect(country).toMatchObject({
        name: WHOLE_COUNTRY,
        code: '100000',
        classify: 'all',
        parentCode: null,
      });
      const regions = country?.children ?? [];
      expect(regions).toHaveLength(34);
      expect(regions.every((region) => region.classify === 'one' && region.parentCode === '100000')).toBe(
        true,
      );
      expect(
        regions.flatMap((region) => region.children ?? []).every((city) => city.classify === 'two'),
      ).toBe(true);
      expect(regions.flatMap((region) => region.children ?? []).some((city) => city.name === '全部')).toBe(
        false,
      );

      const choices = purchaseAreaChoices(tree);
      expect(choices).toHaveLength(35);
      expect(choices.slice(0, 4)).toEqual(['全国', '北京市', '天津市', '河北省']);
      expect(choices).toContain('广东省');
      expect(choices).toContain('新疆维吾尔自治区');

      const beijing = regions.find((region) => region.code === '110000');
      expect(beijing?.name).toBe('北京市');
      const guangdong = regions.find((region) => region.code === '440000');
      expect(guangdong?.name).toBe('广东省');
      expect(guangdong?.children?.map((city) => city.name)).toContain('深圳市');
      expect(guangdong?.children?.find((city) => city.name === '深圳市')?.code).toBe('广东省_深圳市');
    });

    it("lists each region's city children coded area_cityname with their GB/T 2260 code", async () => {
      const data = await get(`/webchat/common/selArea?${ALPHA}`, selAreaEndpoint.response);
      const entries = selAreaEntriesSchema.parse(JSON.parse(data));
      const region = (code: string) => entries.find((entry) => entry.code === code);

      const guangdong = region('440000');
      expect(guangdong).toMatchObject({
        name: '广东省',
        area: '广东省',
        classify: 'one',
        description: '广东省',
      });
      expect(guangdong?.city).toContainEqual({
        name: '深圳市',
        code: '广东省_深圳市',
        parentCode: '440000',
        classify: 'two',
        selected: false,
        areaCode: '440300',
      });
      expect(guangdong?.city?.map((city) => city.name)).toEqual(expect.arrayContaining(['广州市', '东莞市']));

      // A municipality lists its districts and counties, not the single "city" GB/T 2260 groups them under.
      const beijing = region('110000');
      expect(beijing?.city?.map((city) => city.name)).not.toContain('北京市');
      expect(beijing?.city).toContainEqual(
        expect.objectContaining({ code: '北京市_海淀区', areaCode: '110108' }),
      );
      expect(region('500000')?.city?.map((city) => city.areaCode)).toEqual(
        expect.arrayContaining(['500101', '500229']),
      );

      // Counties a province administers directly stand beside its cities.
      const hubei = region('420000');
      expect(hubei?.city?.map((city) => city.name)).not.toContain('省直辖县');
      expect(hubei?.city).toContainEqual(expect.objectContaining({ name: '仙桃市', areaCode: '429004' }));

      // Each region is followed by its 全部 entry, which the web client drops.
      const all = entries.filter((entry) => entry.description === '全部');
      expect(all).toHaveLength(34);
      expect(all.find((entry) => entry.parentCode === '440000')).toMatchObject({
        code: '广东省_全部',
        name: '全部',
      });

      const codes = entries.flatMap((entry) => [entry.code, ...(entry.city ?? []).map((city) => city.code)]);
      expect(new Set(codes).size).toBe(codes.length);
    });
  });

  describe('selThreeLevelArea', () => {
    it('answers province → city → district with GB/T 2260 codes', async () => {
      const provinces = await get(
        `/webchat/common/selThreeLevelArea?${ALPHA}`,
        selThreeLevelAreaEndpoint.response,
      );
      expect(provinces).toHaveLength(34);
      expect(provinces[0]).toMatchObject({ code: '110000', name: '北京市' });
      const shenzhen = provinces
        .find((province) => province.code === '440000')
        ?.children.find((city) => city.code === '440300');
      expect(shenzhen?.name).toBe('深圳市');
      expect(shenzhen?.children).toContainEqual({ code: '440305', name: '南山区' });
      const haidian = provinces[0]?.children[0]?.children.find((district) => district.code === '110108');
      expect(haidian?.name).toBe('海淀区');

      const cities = provinces.flatMap((province) => province.children);
      const districts = cities.flatMap((city) => city.children);
      expect(
        cities.every((city) => provinces.some((p) => p.code.slice(0, 2) === city.code.slice(0, 2))),
      ).toBe(true);
      expect(districts.length).toBeGreaterThan(2800);
      const codes = [...provinces, ...cities, ...districts].map((area) => area.code);
      expect(new Set(codes).size).toBe(codes.length);
    });
  });

  describe('selDictDetail', () => {
    it('answers several dictionaries keyed by name, unknown ones empty', async () => {
      const data = await get(
        `/webchat/common/selDictDetail?dictNames=item_amount,customer_info,no_such_dict&${ALPHA}`,
        selDictDetailEndpoint.response,
      );
      expect(Object.keys(data).sort()).toEqual(['customer_info', 'item_amount', 'no_such_dict']);
      expect(data.item_amount).toHaveLength(7);
      expect(data.item_amount?.[0]).toEqual({ value: '0,50', label: '50万以下' });
      expect(data.customer_info).toEqual([{ value: '400-000-0001', label: 'mobile' }]);
      expect(data.no_such_dict).toEqual([]);
    });

    it('accepts the names as a repeated parameter too, and ignores blanks and repeats', async () => {
      const data = await get(
        `/webchat/common/selDictDetail?dictNames=item_amount&dictNames=shenjims_pay_content,%20,item_amount&${BETA}`,
        selDictDetailEndpoint.response,
      );
      expect(Object.keys(data).sort()).toEqual(['item_amount', 'shenjims_pay_content']);
      expect(data.shenjims_pay_content?.[0]?.label).toContain('暂不支持在线开通会员');
    });

    it("nests children under their parent as subList, and keeps each brand's dictionaries its own", async () => {
      const rows: [string, string, string | null, number][] = [
        ['goods', '货物', null, 0],
        ['goods_it', '信息化设备', 'goods', 0],
        ['goods_it_pc', '计算机', 'goods_it', 0],
        ['goods_office', '办公设备', 'goods', 1],
        ['works', '工程', null, 1],
      ];
      for (const [value, label, parent, order] of rows) {
        await server.db.query(
          `INSERT INTO dictionary_entry (brand_id, dict_name, value, label, parent_value, sort_order)
           VALUES ('alpha', 'test_purchase_kind', $1, $2, $3, $4)`,
          [value, label, parent, order],
        );
      }
      const alpha = await get(
        `/webchat/common/selDictDetail?dictNames=test_purchase_kind&${ALPHA}`,
        selDictDetailEndpoint.response,
      );
      expect(alpha.test_purchase_kind).toEqual([
        {
          value: 'goods',
          label: '货物',
          subList: [
            { value: 'goods_it', label: '信息化设备', subList: [{ value: 'goods_it_pc', label: '计算机' }] },
            { value: 'goods_office', label: '办公设备' },
          ],
        },
        { value: 'works', label: '工程' },
      ]);

      const beta = await get(
        `/webchat/common/selDictDetail?dictNames=test_purchase_kind,customer_info&${BETA}`,
        selDictDetailEndpoint.response,
      );
      expect(beta).toEqual({ test_purchase_kind: [], customer_info: [] });
    });

    it('refuses a call without dictionary names with code 400 naming dictNames', async () => {
      for (const query of ['', 'dictNames=&', 'dictNames=%20,%20&']) {
        const body = await refusal(`/webchat/common/selDictDetail?${query}${ALPHA}`);
        expect(body.code, query).toBe(400);
        expect(body.message, query).toBe('参数 dictNames：请提供字典名称 dictNames，多个名称用英文逗号分隔');
      }
      const bad = await refusal(`/webchat/common/selDictDetail?dictNames=item_amount,drop%20table&${ALPHA}`);
      expect(bad.code).toBe(400);
      expect(bad.message).toMatch(/^参数 dictNames\.1：字典名称只能由/);
    });
  });

  describe('industry/list', () => {
    it('answers the GB/T 4754-2017 sections and divisions with their real codes', async () => {
      const sections = await get(`/webchat/api/industry/list?${ALPHA}`, industryListEndpoint.response);
      expect(sections.map((section) => section.code).join('')).toBe('ABCDEFGHIJKLMNOPQRST');
      const divisions = sections.flatMap((section) => section.children);
      expect(divisions.map((division) => division.code)).toEqual(
        Array.from({ length: 97 }, (_, index) => String(index + 1).padStart(2, '0')),
      );
      expect(sections.find((section) => section.code === 'E')).toEqual({
        code: 'E',
        name: '建筑业',
        children: [
          { code: '47', name: '房屋建筑业' },
          { code: '48', name: '土木工程建筑业' },
          { code: '49', name: '建筑安装业' },
          { code: '50', name: '建筑装饰、装修和其他建筑业' },
        ],
      });
      expect(divisions).toContainEqual({ code: '65', name: '软件和信息技术服务业' });
      expect(divisions).toContainEqual({ code: '84', name: '卫生' });
    });
  });

  describe('document/type', () => {
    it('answers the announcement types with stable codes, filtered by group', async () => {
      const all = await get(`/webchat/common/document/type?${ALPHA}`, documentTypeEndpoint.response);
      expect(all.map((type) => `${type.code} ${type.name}`)).toEqual([
        'zb 招标公告',
        'bg 更正/变更/终止公告',
        'jg 中标/成交结果',
        'yg 招标预告/商机',
        'yx 采购意向',
        'nj 拟建项目',
        'sp 审批项目',
      ]);
      expect(all[0]?.children.map((method) => `${method.code} ${method.name}`)).toEqual([
        'gk 公开招标',
        'yq 邀请招标',
        'tp 竞争性谈判',
        'cs 竞争性磋商',
        'dy 单一来源',
        'xj 询价',
      ]);
      const codes = all.flatMap((type) => [type.code, ...type.children.map((method) => method.code)]);
      expect(new Set(codes).size).toBe(codes.length);

      const bidding = await get(
        `/webchat/common/document/type?group=bidding&${ALPHA}`,
        documentTypeEndpoint.response,
      );
      expect(bidding.map((type) => type.code)).toEqual(['zb', 'bg', 'jg']);
      const upfront = await get(
        `/webchat/common/document/type?group=upfront&${BETA}`,
        documentTypeEndpoint.response,
      );
      expect(upfront.map((type) => type.code)).toEqual(['yg', 'yx', 'nj', 'sp']);
    });

    it('refuses an unknown group naming the field', async () => {
      const body = await refusal(`/webchat/common/document/type?group=other&${ALPHA}`);
      expect(body.code).toBe(400);
      expect(body.message).toBe('参数 group：只能是 bidding（招投标公告）或 upfront（前期项目）');
    });
  });

  describe('approval/stage', () => {
    it('answers the approval stages in process order, filtered by phase', async () => {
      const stages = await get(`/webchat/common/approval/stage?${ALPHA}`, approvalStageEndpoint.response);
      expect(stages.map((stage) => stage.name)).toEqual([
        '项目建议书/立项',
        '可行性研究报告',
        '项目核准',
        '项目备案',
        '节能审查',
        '环境影响评价',
        '用地预审与选址',
        '建设用地规划许可',
        '建设工程规划许可',
        '初步设计',
        '施工图审查',
        '施工许可',
        '竣工验收',
      ]);
      expect(new Set(stages.map((stage) => stage.code)).size).toBe(stages.length);
      expect(stages[0]).toEqual({
        code: 'lx',
        name: '项目建议书/立项',
        phase: 'decision',
        phaseName: '立项决策',
      });

      const planning = await get(
        `/webchat/common/approval/stage?phase=planning&${ALPHA}`,
        approvalStageEndpoint.response,
      );
      expect(planning.map((stage) => stage.code)).toEqual(['yd', 'ydgh', 'gcgh']);
      const bad = await refusal(`/webchat/common/approval/stage?phase=someday&${ALPHA}`);
      expect(bad.code).toBe(400);
      expect(bad.message).toMatch(/^参数 phase：/);
    });
  });

  describe('customer-mobile', () => {
    it("answers the brand's own contact ways: alpha its support phone once, beta none", async () => {
      const alpha = await get(`/webchat/common/customer-mobile?${ALPHA}`, customerMobileEndpoint.response);
      // The phone is both in the company configuration and in the seeded customer_info dictionary: shown once.
      expect(alpha).toEqual([{ label: 'mobile', value: '400-000-0001' }]);
      const beta = await get(`/webchat/common/customer-mobile?${BETA}`, customerMobileEndpoint.response);
      expect(beta).toEqual([]);
    });

    it('follows edits of the company configuration and the customer_info dictionary', async () => {
      await server.db.query(
        `UPDATE brand SET customer_image = '/static/beta/kefu.png', customer_wechat_image = '/static/beta/wx.png'
         WHERE id = 'beta'`,
      );
      await server.db.query(
        `INSERT INTO dictionary_entry (brand_id, dict_name, value, label, sort_order) VALUES
           ('beta', 'customer_info', '021-5555-0100', 'mobile', 0),
           ('beta', 'customer_info', 'https://beta.example/kefu-qr.png', 'qrcode', 1),
           ('beta', 'customer_info', 'kefu@beta.example', 'email', 2)`,
      );
      const beta = await get(`/webchat/common/customer-mobile?${BETA}`, customerMobileEndpoint.response);
      expect(beta).toEqual([
        { label: 'qrcode', value: '/static/beta/wx.png' },
        { label: 'image', value: '/static/beta/kefu.png' },
        { label: 'mobile', value: '021-5555-0100' },
        { label: 'qrcode', value: 'https://beta.example/kefu-qr.png' },
      ]);
      const alpha = await get(`/webchat/common/customer-mobile?${ALPHA}`, customerMobileEndpoint.response);
      expect(alpha).toEqual([{ label: 'mobile', value: '400-000-0001' }]);
    });
  });
});
