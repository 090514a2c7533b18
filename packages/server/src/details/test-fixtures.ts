import { randomBytes } from 'node:crypto';
import { type TenderRecordInput, validateRecord } from '../ingest/record';
import { writeTenderRecords } from '../tenders/service';
import type { TestServer } from '../test-support/test-server';

/**
 * Test data for the detail, history and follow tests: one procurement (意向 → 公告 → 更正 → 结果) and one
 * construction project (拟建 → 审批) written through the importer's own path (`writeTenderRecords`), with
 * companies, contacts and project keys, so the details read what an import writes. Names are unique per call.
 */

export const PHONES = {
  purchaser: '13812345678',
  agency: '0755-26881234',
  winner: '13900001111',
  owner: '18306160456',
} as const;

export interface ProcurementIds {
  yx: number;
  yg: number;
  zb: number;
  bg: number;
  jg: number;
  /** A tender of its own: no project key, no source URL. */
  lone: number;
}

export interface ConstructionIds {
  nj: number;
  sp: number;
}

async function write(server: TestServer, inputs: TenderRecordInput[]): Promise<Map<string, number>> {
  const records = inputs.map((input) => {
    const validation = validateRecord(input);
    if (!validation.ok) throw new Error(JSON.stringify(validation.problems));
    return validation.record;
  });
  await server.db.transaction((tx) => writeTenderRecords(tx, records));
  const rows = await server.db.query<{ id: number; sourceId: string }>(
    'SELECT id, source_id AS "sourceId" FROM tender_item WHERE source_id = ANY($1::text[])',
    [inputs.map((input) => input.sourceId)],
  );
  return new Map(rows.map((row) => [row.sourceId, row.id]));
}

/** A purchase in Shenzhen (广东省 440000 / 深圳市 440300 / 南山区 440305) unless told otherwise. */
export async function addProcurement(
  server: TestServer,
  region: { provinceCode: string; cityCode?: string; districtCode?: string } = {
    provinceCode: '440000',
    cityCode: '440300',
    districtCode: '440305',
  },
): Promise<ProcurementIds & { tag: string; projectName: string }> {
  const tag = randomBytes(4).toString('hex');
  const projectName = `深圳市南山区人民医院医用耗材采购项目${tag}`;
  const purchaser = {
    role: 'purchaser' as const,
    name: `深圳市南山区人民医院${tag}`,
    contactName: '王建国',
    contactPhone: PHONES.purchaser,
    address: '深圳市南山区桃园路89号',
  };
  const agency = {
    role: 'agency' as const,
    name: `广东华诚招标代理有限公司${tag}`,
    contactName: '李工',
    contactPhone: PHONES.agency,
  };
  const contactLines = `联系方式：王建国 ${PHONES.purchaser}\n代理机构联系人：李工 ${PHONES.agency}`;
  const common = {
    projectKey: `test-project-${tag}`,
    projectCode: `SZNS-2026-${tag}`,
    projectName,
    region,
    industryCode: '27',
    budget: { fen: 123_456_700, raw: '1,234,567.00元' },
  };
  const ids = await write(server, [
    {
      ...common,
      sourceId: `test:${tag}:yx`,
      sourceUrl: `https://ccgp.example.cn/${tag}/yx.html`,
      sourceName: '中国政府采购网',
      announcementType: 'yx',
      title: `${projectName}采购意向`,
      body: `${projectName}采购意向\n预算金额：123.4567万元\n${contactLines}`,
      publishDate: '2026-01-05',
      expectedPurchaseMonth: '2026-03',
      parties: [purchaser],
    },
    {
      ...common,
      sourceId: `test:${tag}:yg`,
      sourceUrl: `https://ccgp.example.cn/${tag}/yg.html`,
      announcementType: 'yg',
      procurementMethod: 'gk',
      title: `${projectName}采购需求公示`,
      body: `${projectName}采购需求公示\n预估金额：¥1,234,567.00\n联系方式：王建国 ${PHONES.purchaser}`,
      publishDate: '2026-02-10',
      parties: [purchaser],
    },
    {
      ...common,
      sourceId: `test:${tag}:zb`,
      sourceUrl: `https://ccgp.example.cn/${tag}/zb.html`,
      sourceName: '广东省政府采购网',
      announcementType: 'zb',
      procurementMethod: 'gk',
      title: `${projectName}公开招标公告`,
      body: `${projectName}公开招标公告\n一、项目编号：SZNS-2026-${tag}\n预算金额：1,234,567.00元\n${contactLines}\n项目联系人：李工`,
      publishDate: '2026-03-02',
      deadlines: {
        documentsFrom: '2026-03-03 09:00',
        documentsUntil: '2026-03-09 17:00',
        bidDeadline: '2026-03-23 09:30',
        openingTime: '2026-03-23 09:30',
      },
      parties: [purchaser, agency],
    },
    {
      ...common,
      sourceId: `test:${tag}:bg`,
      sourceUrl: `https://ccgp.example.cn/${tag}/bg.html`,
      announcementType: 'bg',
      noticeKind: 'correction',
      title: `${projectName}更正公告`,
      body: `${projectName}更正公告\n开标时间更正为2026年3月25日 09:30\n${contactLines}`,
      publishDate: '2026-03-10',
      parties: [purchaser, agency],
    },
    {
      ...common,
      sourceId: `test:${tag}:jg`,
      sourceUrl: `https://ccgp.example.cn/${tag}/jg.html`,
      announcementType: 'jg',
      noticeKind: 'award',
      title: `${projectName}中标结果公告`,
      body: `${projectName}中标结果公告\n包1 中标供应商：深圳迈瑞医疗器械经销有限公司${tag}\n中标金额：60.5万元\n包2 中标供应商：广州康达医疗科技有限公司${tag}\n中标金额：48万元\n供应商联系电话：${PHONES.winner}\n${contactLines}`,
      publishDate: '2026-03-30',
      award: { fen: 108_500_000, raw: '108.5万元' },
      parties: [
        purchaser,
        agency,
        {
          role: 'winner',
          name: `深圳迈瑞医疗器械经销有限公司${tag}`,
          lot: '包1',
          award: { fen: 60_500_000, raw: '60.5万元' },
          contactName: '陈晓梅',
          contactPhone: PHONES.winner,
        },
        {
          role: 'winner',
          name: `广州康达医疗科技有限公司${tag}`,
          lot: '包2',
          award: { fen: 48_000_000, raw: '48万元' },
        },
        {
          role: 'candidate',
          name: `深圳迈瑞医疗器械经销有限公司${tag}`,
          lot: '包1',
          rank: 1,
          award: { fen: 60_500_000, raw: '60.5万元' },
        },
        {
          role: 'candidate',
          name: `东莞华康医疗设备有限公司${tag}`,
          lot: '包1',
          rank: 2,
          award: { fen: 61_000_000, raw: '61万元' },
        },
      ],
    },
    {
      sourceId: `test:${tag}:lone`,
      announcementType: 'zb',
      procurementMethod: 'xj',
      title: `深圳市南山区第二实验学校课桌椅询价公告${tag}`,
      body: `课桌椅询价公告\n联系人：赵老师 020-87654321`,
      publishDate: '2026-02-02',
      region,
      parties: [{ role: 'purchaser', name: `深圳市南山区第二实验学校${tag}`, contactName: '赵老师' }],
    },
  ]);
  const id = (kind: string) => ids.get(`test:${tag}:${kind}`) as number;
  return {
    tag,
    projectName,
    yx: id('yx'),
    yg: id('yg'),
    zb: id('zb'),
    bg: id('bg'),
    jg: id('jg'),
    lone: id('lone'),
  };
}

/** A construction project in Jinan (山东省 370000): its 拟建 record and the approval of its proposal. */
export async function addConstruction(
  server: TestServer,
  provinceCode = '370000',
): Promise<ConstructionIds & { tag: string }> {
  const tag = randomBytes(4).toString('hex');
  const projectName = `济南市市中区教育局业务用房新建工程${tag}`;
  const owner = {
    role: 'purchaser' as const,
    name: `济南市市中区教育局${tag}`,
    contactName: '任秀兰',
    contactPhone: PHONES.owner,
  };
  const region =
    provinceCode === '370000'
      ? { provinceCode, cityCode: '370100', districtCode: '370103' }
      : { provinceCode, cityCode: null, districtCode: null };
  const construction = {
    totalInvestment: { fen: 9_457_000_000, raw: '9457.00万元' },
    site: '山东省济南市市中区光明路以西、东风路以北',
    scale: '总建筑面积约23130平方米',
    plannedStart: '2026-09-01',
    plannedEnd: '2028-04-30',
  };
  const common = {
    projectKey: `test-construction-${tag}`,
    projectCode: `2026-370103-47-01-${tag}`,
    projectName,
    region,
    industryCode: '47',
    construction,
    parties: [owner],
  };
  const ids = await write(server, [
    {
      ...common,
      sourceId: `test:${tag}:nj`,
      sourceUrl: `https://tzxm.example.cn/${tag}/nj.html`,
      announcementType: 'nj',
      title: projectName,
      body: `项目名称：${projectName}\n建设单位：济南市市中区教育局${tag}\n项目联系人：任秀兰\n联系电话：${PHONES.owner}`,
      publishDate: '2026-01-14',
      approval: { stage: 'lx', approvalCode: `2026-370103-47-01-${tag}` },
    },
    {
      ...common,
      sourceId: `test:${tag}:sp`,
      announcementType: 'sp',
      title: `关于${projectName}项目建议书的批复`,
      body: `关于${projectName}项目建议书的批复\n审批部门：济南市市中区发展和改革局\n批准文号：市发改〔2026〕47号\n联系电话：${PHONES.owner}`,
      publishDate: '2026-02-22',
      approval: {
        stage: 'kxx',
        authority: '济南市市中区发展和改革局',
        approvalCode: `2026-370103-47-01-${tag}`,
        documentNumber: '市发改〔2026〕47号',
        result: '同意',
        date: '2026-02-22',
      },
    },
  ]);
  return { tag, nj: ids.get(`test:${tag}:nj`) as number, sp: ids.get(`test:${tag}:sp`) as number };
}

export interface MedicalProjectIds {
  /** The tender: names the devices, states no registration. */
  zb: number;
  /** The award: brands, models and 注册证 facts per lot. */
  jg: number;
}

/** A hospital's ultrasound and monitor purchase in Shenzhen whose award states the devices' 医疗器械注册证. */
export async function addMedicalProject(server: TestServer): Promise<MedicalProjectIds & { tag: string }> {
  const tag = randomBytes(4).toString('hex');
  const projectName = `深圳市人民医院彩色多普勒超声诊断仪及监护仪采购项目${tag}`;
  const common = {
    projectKey: `test-medical-${tag}`,
    projectCode: `SZRM-2026-${tag}`,
    projectName,
    region: { provinceCode: '440000', cityCode: '440300' },
    industryCode: '35',
    parties: [{ role: 'purchaser' as const, name: `深圳市人民医院${tag}` }],
  };
  const ids = await write(server, [
    {
      ...common,
      sourceId: `test:${tag}:medical-zb`,
      announcementType: 'zb',
      procurementMethod: 'gk',
      title: `${projectName}公开招标公告`,
      body: `${projectName}公开招标公告\n包1：彩色多普勒超声诊断仪，数量：2台\n包2：多参数监护仪，数量：10台\n所投产品须具有有效的《医疗器械注册证》`,
      publishDate: '2026-04-01',
    },
    {
      ...common,
      sourceId: `test:${tag}:medical-jg`,
      announcementType: 'jg',
      noticeKind: 'award',
      title: `${projectName}中标结果公告`,
      body: [
        `${projectName}中标结果公告`,
        '四、主要标的信息',
        '包1：名称：彩色多普勒超声诊断仪；品牌：华声；规格型号：HS-R7；数量：2台；医疗器械注册证编号：国械注准20173061234；注册人：深圳华声医疗电子有限公司；批准日期：2022年5月10日；有效期至：2027年5月9日',
        '包2：名称：多参数监护仪；品牌：康护；规格型号：KH-M9；数量：10台；注册证号：粤械注准20192070456；生产厂家：广州康护医疗科技有限公司',
        '另：进口探头 国械注进20163061777',
      ].join('\n'),
      publishDate: '2026-04-28',
    },
  ]);
  const id = (key: string) => {
    const found = ids.get(`test:${tag}:${key}`);
    if (found === undefined) throw new Error(`fixture ${key} not written`);
    return found;
  };
  return { zb: id('medical-zb'), jg: id('medical-jg'), tag };
}
