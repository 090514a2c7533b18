import { ApiError, type EndpointFunctions } from '@tender/api-client';
import type { AmountView, DetailParty, GatePass, GateRefusal, ItemDetail } from '@tender/contracts';
import { vi } from 'vitest';

/**
 * Items shaped as the server's detail endpoints answer them (server src/details, `itemDetailSchema`), and an
 * in-memory stand-in of the endpoints the detail screens call, for component tests. The real server drives the
 * screens in tooling/e2e (details.e2e.test.ts).
 */

export function amount(fen: number): AmountView {
  const yuan = fen / 100;
  return {
    fen,
    yuan,
    yuanText: `${yuan}元`,
    wanYuan: fen / 1_000_000,
    wanYuanText: `${Math.round(fen / 10_000) / 100}万元`,
    raw: null,
  };
}

function party(fields: Partial<DetailParty> & Pick<DetailParty, 'companyId' | 'name' | 'role' | 'roleName'>) {
  return {
    lot: '',
    rank: null,
    amount: null,
    contactName: null,
    contactPhone: null,
    address: null,
    ...fields,
  } satisfies DetailParty;
}

/** A 中标结果 in 广东省 with two lots, its contacts masked (a putong free-trial view). */
export const awardNotice: ItemDetail = {
  id: 101,
  type: 'jg',
  typeName: '中标结果',
  noticeKind: 'award',
  noticeKindName: '中标结果',
  procurementMethod: 'gk',
  procurementMethodName: '公开招标',
  title: '深圳市南山区智慧校园设备采购项目中标结果公告',
  projectName: '深圳市南山区智慧校园设备采购项目',
  projectCode: 'SZNS-2026-0088',
  provinceCode: '440000',
  provinceName: '广东省',
  cityCode: '440300',
  cityName: '深圳市',
  districtCode: '440305',
  districtName: '南山区',
  regionText: '广东省 深圳市 南山区',
  industryCode: 'I65',
  industryName: '软件和信息技术服务业',
  publishDate: '2026-11-02',
  documentsFrom: null,
  documentsUntil: null,
  bidDeadline: null,
  openingTime: '2026-10-20 09:30:00',
  expectedPurchaseMonth: null,
  budget: amount(400_000_00),
  award: amount(314_700_50),
  purchasers: [
    party({
      companyId: 1,
      name: '深圳市南山区教育局',
      role: 'purchaser',
      roleName: '采购人',
      contactName: '王**',
      contactPhone: '138****1234',
      address: '深圳市南山区南头街道',
    }),
  ],
  agencies: [
    party({
      companyId: 2,
      name: '广东诚信招标代理有限公司',
      role: 'agency',
      roleName: '代理机构',
      contactName: '李*',
      contactPhone: '139****5678',
    }),
  ],
  winners: [
    party({
      companyId: 3,
      name: '深圳智学科技有限公司',
      role: 'winner',
      roleName: '中标供应商',
      lot: '包1',
      amount: amount(200_000_00),
    }),
    party({
      companyId: 4,
      name: '广州云课信息技术有限公司',
      role: 'winner',
      roleName: '中标供应商',
      lot: '包2',
      amount: amount(114_700_50),
    }),
  ],
  candidates: [],
  contactVisible: false,
  body: '一、项目编号：SZNS-2026-0088\n二、中标信息：包1 深圳智学科技有限公司\n联系人：王**，电话：138****1234',
  sourceName: '深圳市政府采购网',
  hasSourceLink: true,
  sources: [{ name: '深圳市政府采购网', hasLink: true }],
  timeline: [
    {
      id: 100,
      type: 'zb',
      typeName: '招标公告',
      noticeKindName: null,
      title: '深圳市南山区智慧校园设备采购项目招标公告',
      publishDate: '2026-09-28',
      current: false,
    },
    {
      id: 101,
      type: 'jg',
      typeName: '中标结果',
      noticeKindName: '中标结果',
      title: '深圳市南山区智慧校园设备采购项目中标结果公告',
      publishDate: '2026-11-02',
      current: true,
    },
  ],
  project: null,
  isCollect: false,
  pass: { privilege: 'watchZhaobiao', limit: 3, used: 1, remaining: 2, charged: true },
};

/** The 招标公告 of the same project: the award notice's timeline links to it. */
export const tenderNotice: ItemDetail = {
  ...awardNotice,
  id: 100,
  type: 'zb',
  typeName: '招标公告',
  noticeKind: null,
  noticeKindName: null,
  title: '深圳市南山区智慧校园设备采购项目招标公告',
  publishDate: '2026-09-28',
  award: null,
  winners: [],
  body: '一、项目编号：SZNS-2026-0088\n二、采购需求：智慧校园设备一批',
  timeline: awardNotice.timeline.map((entry) => ({ ...entry, current: entry.id === 100 })),
};

/** A 拟建项目 whose contacts need watchDesignedProjectConnector. */
export const proposedProject: ItemDetail = {
  ...awardNotice,
  id: 301,
  type: 'nj',
  typeName: '拟建项目',
  noticeKind: null,
  noticeKindName: null,
  procurementMethod: null,
  procurementMethodName: null,
  title: '南山区人才公寓建设项目',
  projectName: '南山区人才公寓建设项目',
  budget: null,
  award: null,
  purchasers: [
    party({
      companyId: 5,
      name: '深圳市南山区建筑工务署',
      role: 'purchaser',
      roleName: '建设单位',
      contactName: '陈**',
      contactPhone: '137****0000',
    }),
  ],
  agencies: [],
  winners: [],
  timeline: [],
  project: {
    stageCode: 'lx',
    stageName: '项目建议书/立项',
    phaseName: '立项决策',
    approvalAuthority: '深圳市发展和改革委员会',
    approvalCode: '2026-440305-47-01-000123',
    documentNumber: '深发改〔2026〕12号',
    approvalResult: '同意',
    approvalDate: '2026-08-01',
    totalInvestment: amount(12_500_000_00),
    constructionSite: '深圳市南山区西丽街道',
    constructionScale: '总建筑面积约 8 万平方米',
    plannedStart: '2027-01-01',
    plannedEnd: '2029-12-31',
  },
  pass: { privilege: 'watchDesignedProject', limit: 20, used: 1, remaining: 19, charged: true },
};

/** A gate refusal as the server answers it (src/gates README "On the wire"). */
export function refusal(fields: Partial<GateRefusal>): GateRefusal {
  return {
    type: 'usedUp',
    privilege: 'watchZhaobiao',
    feature: null,
    memberCode: 'putong',
    isMember: false,
    isDownLoad: false,
    memberProvince: '',
    province: '',
    phone: '400-000-0001',
    upgradeMemberCode: 'toubiaotong',
    isUsePc: 1,
    ...fields,
  };
}

/** The rejection the api-client gives for a business code (403 with the refusal, 404 …). */
export function businessError(code: number, message: string, data: unknown = null): ApiError {
  return new ApiError(message, { kind: 'business', path: '/webchat/api', code, data, handled: false });
}

export type DetailApi = Pick<
  EndpointFunctions,
  | 'selZhaobiaoDetails'
  | 'selZhongbiaoDetails'
  | 'selDesignedInfo'
  | 'spxmDetail'
  | 'addCollection'
  | 'delCollection'
  | 'getDocumentIsMonitor'
  | 'saveOrUpdateProjectMonitor'
  | 'getDetailLink'
  | 'getProjectDocuments'
  | 'downloadDocument'
>;

/** Every item answered by id; follows and monitors kept in memory as the server keeps them. */
export function createDetailApi(items: readonly ItemDetail[]) {
  const byId = new Map(items.map((item) => [item.id, item]));
  const followed = new Set(items.filter((item) => item.isCollect).map((item) => item.id));
  const monitored = new Set<number>();
  const find = (id: number) => {
    const item = byId.get(id);
    if (!item) throw businessError(404, '该信息不存在或已删除');
    return item;
  };
  const view = (id: number) => {
    const item = find(id);
    return { ...item, isCollect: followed.has(id) };
  };
  const api = {
    selZhaobiaoDetails: vi.fn(async ({ id }) => view(Number(id))),
    selZhongbiaoDetails: vi.fn(async ({ id }) => view(Number(id))),
    selDesignedInfo: vi.fn(async ({ id, showContact }) => {
      const item = view(Number(id));
      if (!showContact) return item;
      return {
        ...item,
        contactVisible: true,
        purchasers: item.purchasers.map((p) => ({ ...p, contactName: '陈工', contactPhone: '13700000000' })),
      };
    }),
    spxmDetail: vi.fn(async () => {
      throw businessError(404, '该审批项目不存在');
    }),
    addCollection: vi.fn(async ({ id }) => {
      followed.add(Number(id));
      return { id: Number(id), type: find(Number(id)).type, isCollect: true };
    }),
    delCollection: vi.fn(async ({ id }) => {
      followed.delete(Number(id));
      return { id: Number(id), type: find(Number(id)).type, isCollect: false };
    }),
    getDocumentIsMonitor: vi.fn(async ({ id }) => ({
      id: Number(id),
      isMonitor: monitored.has(Number(id)),
      used: monitored.size,
      limit: 20,
    })),
    saveOrUpdateProjectMonitor: vi.fn(async ({ id, isMonitor }) => {
      if (isMonitor === '0') monitored.delete(Number(id));
      else monitored.add(Number(id));
      return { id: Number(id), isMonitor: monitored.has(Number(id)), used: monitored.size, limit: 20 };
    }),
    getDetailLink: vi.fn(async ({ id }) => ({
      id: Number(id),
      url: `https://www.ccgp-shenzhen.gov.cn/notice/${id}.html`,
      sourceName: find(Number(id)).sourceName,
      links: [
        {
          url: `https://www.ccgp-shenzhen.gov.cn/notice/${id}.html`,
          sourceName: find(Number(id)).sourceName,
        },
      ],
      pass: { privilege: 'detailLink', limit: 20, used: 1, remaining: 19, charged: true } satisfies GatePass,
    })),
    getProjectDocuments: vi.fn(async ({ id }) => ({
      id: Number(id),
      documents: find(Number(id)).timeline.map((entry) => ({
        id: entry.id,
        type: entry.type,
        typeName: entry.typeName,
        title: entry.title,
        publishDate: entry.publishDate,
        fileName: `${entry.title}.txt`,
        contentType: 'text/plain; charset=utf-8',
        downloadPath: `/webchat/api/zhaozhongbiaoDetails/downloadDocument?id=${entry.id}`,
        current: entry.current,
      })),
      pass: {
        privilege: 'downloadExpansion',
        limit: -1,
        used: null,
        remaining: null,
        charged: false,
      } satisfies GatePass,
    })),
    downloadDocument: vi.fn(async ({ id }) => ({
      blob: new Blob([find(Number(id)).body], { type: 'text/plain' }),
      fileName: `${find(Number(id)).title}.txt`,
      contentType: 'text/plain; charset=utf-8',
    })),
  } satisfies DetailApi;
  return api;
}
