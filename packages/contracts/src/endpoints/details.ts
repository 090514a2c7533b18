import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { gatePassSchema, gateRefusalSchema } from './permissions';
import { flagSchema } from './user';

/**
 * The detail screens (spec §2 /tender/index, /forecastDetail, /building/index, /approve/index) and the source
 * link and downloads of spec §7 "Detail and downloads". Every view goes through the server's gate service in
 * spend mode with the item (its type, id and province), so a view costs its privilege once per item per day and
 * a refusal is exactly the gate's: code 403, `data` = the permission dialog to open (src/gates/README.md).
 */

/** The types of tender information (the `docchnnel` codes of `common/document/type`). */
export const ITEM_TYPES = ['zb', 'bg', 'jg', 'yg', 'yx', 'nj', 'sp'] as const;

export type ItemType = (typeof ITEM_TYPES)[number];

export const itemTypeSchema = z.enum(ITEM_TYPES, {
  error: `信息类型只能是 ${ITEM_TYPES.join('、')} 之一（zb 招标、bg 更正、jg 结果、yg 预告、yx 采购意向、nj 拟建、sp 审批）`,
});

/** An item's id: one id space for announcements and projects. */
export const detailItemIdSchema = z.coerce
  .number({ error: '请提供信息编号 id' })
  .int('信息编号 id 须为正整数')
  .positive('信息编号 id 须为正整数')
  .max(Number.MAX_SAFE_INTEGER, '信息编号 id 过大')
  .describe('信息编号（公告、项目的 id）');

/** An amount as the detail screens show it, with the text it was read from. */
export const amountViewSchema = z
  .object({
    fen: z.number().int(),
    /** 元, exact to the fen. */
    yuan: z.number(),
    /** '400000元', '314700.5元'. */
    yuanText: z.string(),
    /** 万元, exact (fen / 1,000,000). */
    wanYuan: z.number(),
    /** '40万元', '31.47万元': rounded to two decimals for display. */
    wanYuanText: z.string(),
    /** As the notice wrote it ('400,000.00元', '33.000000 万元（人民币）'); null when unknown. */
    raw: z.string().nullable(),
  })
  .meta({ id: 'DetailAmount' });

export type AmountView = z.infer<typeof amountViewSchema>;

/** A company's part in an item, with the contact the item gives for it. */
export const detailPartySchema = z
  .object({
    companyId: z.number().int(),
    name: z.string(),
    role: z.enum(['purchaser', 'agency', 'winner', 'candidate']),
    /** 采购人 / 建设单位 / 代理机构 / 中标（成交）供应商 / 中标候选人. */
    roleName: z.string(),
    /** The lot ('包1', '第二标段'); '' when the item has one lot. */
    lot: z.string(),
    /** Candidates' rank (第一中标候选人 = 1). */
    rank: z.number().int().nullable(),
    /** Winners and candidates: the awarded or quoted amount. */
    amount: amountViewSchema.nullable(),
    /** Masked ('王*') unless `contactVisible`. */
    contactName: z.string().nullable(),
    /** Masked ('138****1234') unless `contactVisible`. */
    contactPhone: z.string().nullable(),
    address: z.string().nullable(),
  })
  .meta({ id: 'DetailParty' });

export type DetailParty = z.infer<typeof detailPartySchema>;

/** A site that published an item. */
export const detailSourceSchema = z
  .object({
    /** 中国政府采购网, 某某公共资源交易中心; null when the import did not name it. */
    name: z.string().nullable(),
    /** Whether `getDetailLink` gives this source's URL. */
    hasLink: z.boolean(),
  })
  .meta({ id: 'DetailSource' });

/** One item of the same project (意向 → 预告 → 公告 → 更正 → 结果; 拟建/审批 → 施工招标), by project key. */
export const timelineEntrySchema = z
  .object({
    id: z.number().int(),
    type: itemTypeSchema,
    typeName: z.string(),
    /** 更正公告 / 变更公告 / 终止公告 / 中标结果 / 成交结果 / 废标（流标）公告; null for other types. */
    noticeKindName: z.string().nullable(),
    title: z.string(),
    publishDate: z.string(),
    /** The item this answer is about. */
    current: z.boolean(),
  })
  .meta({ id: 'DetailTimelineEntry' });

export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** The facts of a 拟建 or 审批 record (审批机关, 审批代码, 批准文号, stage …). */
export const projectFactsSchema = z
  .object({
    stageCode: z.string().nullable(),
    /** 项目建议书/立项 … 竣工验收 (`common/approval/stage`). */
    stageName: z.string().nullable(),
    /** 立项决策 / 用地规划 / 设计施工 / 竣工验收. */
    phaseName: z.string().nullable(),
    /** 审批机关. */
    approvalAuthority: z.string().nullable(),
    /** 审批代码 (national investment-project code). */
    approvalCode: z.string().nullable(),
    /** 批准文号. */
    documentNumber: z.string().nullable(),
    approvalResult: z.string().nullable(),
    approvalDate: z.string().nullable(),
    totalInvestment: amountViewSchema.nullable(),
    constructionSite: z.string().nullable(),
    constructionScale: z.string().nullable(),
    plannedStart: z.string().nullable(),
    plannedEnd: z.string().nullable(),
  })
  .meta({ id: 'ProjectFacts' });

export type ProjectFacts = z.infer<typeof projectFactsSchema>;

/** Everything a detail screen shows. */
export const itemDetailSchema = z.object({
  id: z.number().int(),
  type: itemTypeSchema,
  /** 招标公告 … 审批项目. */
  typeName: z.string(),
  noticeKind: z.string().nullable(),
  noticeKindName: z.string().nullable(),
  /** gk yq tp cs dy xj. */
  procurementMethod: z.string().nullable(),
  /** 公开招标 … 询价. */
  procurementMethodName: z.string().nullable(),
  title: z.string(),
  projectName: z.string().nullable(),
  projectCode: z.string().nullable(),
  provinceCode: z.string().nullable(),
  provinceName: z.string().nullable(),
  cityCode: z.string().nullable(),
  cityName: z.string().nullable(),
  districtCode: z.string().nullable(),
  districtName: z.string().nullable(),
  /** '广东省 深圳市 南山区'; '' when the item has no region. */
  regionText: z.string(),
  industryCode: z.string().nullable(),
  industryName: z.string().nullable(),
  /** 'YYYY-MM-DD'. */
  publishDate: z.string(),
  /** China time, 'YYYY-MM-DD HH:mm:ss'. */
  documentsFrom: z.string().nullable(),
  documentsUntil: z.string().nullable(),
  bidDeadline: z.string().nullable(),
  openingTime: z.string().nullable(),
  /** 采购意向's 预计采购时间, 'YYYY-MM'. */
  expectedPurchaseMonth: z.string().nullable(),
  budget: amountViewSchema.nullable(),
  award: amountViewSchema.nullable(),
  /** 采购人/招标人 (建设单位 for 拟建/审批). */
  purchasers: z.array(detailPartySchema),
  agencies: z.array(detailPartySchema),
  /** 中标/成交供应商, by lot. */
  winners: z.array(detailPartySchema),
  /** 中标候选人, by lot and rank. */
  candidates: z.array(detailPartySchema),
  /**
   * Whether contacts and phone numbers are shown as they are (parties and body text). Announcements: for a paid
   * level. 拟建/审批: with watchDesignedProjectConnector, once unlocked for the item today (improveInformationAuth,
   * or `showContact`), or always when that privilege is unlimited.
   */
  contactVisible: z.boolean(),
  /** The notice's full text, paragraphs on their own lines; phones and contact names masked unless `contactVisible`. */
  body: z.string(),
  sourceName: z.string().nullable(),
  /** Whether `getDetailLink` has a source URL to give. */
  hasSourceLink: z.boolean(),
  /**
   * Every site that published the notice: its own source first, then the sites that reposted it (one item with
   * several sources, never two items). The URLs come through `getDetailLink`.
   */
  sources: z.array(detailSourceSchema),
  /** The project's items, oldest first (this one included, `current`). */
  timeline: z.array(timelineEntrySchema),
  /** 拟建/审批 facts; null for announcements. */
  project: projectFactsSchema.nullable(),
  /** Whether the caller follows the item (我的关注). */
  isCollect: z.boolean(),
  /** The gate's pass for this view: today's uses of the privilege (`charged` false for a second view today). */
  pass: gatePassSchema,
});

export type ItemDetail = z.infer<typeof itemDetailSchema>;

const notFound = (types: string) => ({
  code: 404,
  when: `id 对应的信息不存在，或不是${types}`,
});
const pcUse = { code: 403, when: 'data.type = "pcUse"：当前等级无 PC 端使用权限' };
const member = (privilege: string) => ({
  code: 403,
  when: `data.type = "member"：当前等级的 ${privilege} 为 0/false；upgradeMemberCode 为拥有该权限的最低在售等级`,
});
const singleProvice = {
  code: 403,
  when: 'data.type = "singleProvice"：付费会员购买的地区不含该信息所在省份（memberProvince、province）',
};
const usedUp = (privilege: string, download = false) => ({
  code: 403,
  when: download
    ? `data.type = "usedUp"，isDownLoad = true：今日 ${privilege} 次数已用完（同一信息当天再次下载不计次）`
    : `data.type = "usedUp"：今日 ${privilege} 次数已用完；isMember = false 为普通用户“免费试用次数已用完”（同一信息当天再次查看不计次）`,
});

function gateErrors(types: string, privilege: string, download = false) {
  return [notFound(types), pcUse, member(privilege), singleProvice, usedUp(privilege, download)];
}

const detailRequest = z.object({ id: detailItemIdSchema });

/**
 * spec §7 `zhaozhongbiaoDetails/selZhaobiaoDetails`: an announcement's detail (/tender/index; 招标预告 and 采购意向
 * open /forecastDetail). The privilege by type: 招标/更正/结果 watchZhaobiao, 招标预告 preProjectDetail, 采购意向
 * purchaseDetail. A view is recorded in the browsing history.
 */
export const selZhaobiaoDetailsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/zhaozhongbiaoDetails/selZhaobiaoDetails',
  summary:
    '公告详情（招标、更正、结果、招标预告、采购意向）：按类型计次（zb/bg/jg 为 watchZhaobiao，yg 为 preProjectDetail，yx 为 purchaseDetail），同一信息当天再看不计次；付费会员可见联系方式，否则脱敏；记入浏览历史',
  access: 'user',
  request: detailRequest,
  response: itemDetailSchema,
  errorData: gateRefusalSchema,
  errors: gateErrors(
    '公告（拟建、审批项目请用 selDesignedInfo）',
    'watchZhaobiao / preProjectDetail / purchaseDetail',
  ),
});

/** spec §7 `zhaozhongbiaoDetails/selZhongbiaoDetails`: an award (中标/成交结果, jg) notice's detail. */
export const selZhongbiaoDetailsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/zhaozhongbiaoDetails/selZhongbiaoDetails',
  summary:
    '中标/成交结果详情（仅 jg）：按 watchZhaobiao 计次，返回各包中标（成交）供应商与金额、候选人及项目进程；记入浏览历史',
  access: 'user',
  request: detailRequest,
  response: itemDetailSchema,
  errorData: gateRefusalSchema,
  errors: gateErrors('中标/成交结果（jg）', 'watchZhaobiao'),
});

/**
 * spec §7 `designedInfo/selDesignedInfo`: a 拟建 (/building/index, watchDesignedProject) or 审批 (/approve/index,
 * shenPiProject) record. Contacts need watchDesignedProjectConnector: shown when that is unlimited or already
 * unlocked for the item today; `showContact` unlocks them in the same call (spending the connector use).
 */
export const selDesignedInfoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/designedInfo/selDesignedInfo',
  summary:
    '拟建/审批项目详情：拟建按 watchDesignedProject、审批按 shenPiProject 计次；联系方式需 watchDesignedProjectConnector（当天已解锁或不限次时可见，showContact=true 时本次解锁并计次）；记入浏览历史',
  access: 'user',
  request: z.object({
    id: detailItemIdSchema,
    showContact: flagSchema
      .default(false)
      .describe('true：同时解锁联系方式（按 watchDesignedProjectConnector 计次，被拒时返回其权限弹框）'),
  }),
  response: itemDetailSchema,
  errorData: gateRefusalSchema,
  errors: [
    ...gateErrors('拟建（nj）或审批（sp）项目', 'watchDesignedProject / shenPiProject'),
    {
      code: 403,
      when: 'showContact=true 且 watchDesignedProjectConnector 被拒：data 为该权限的弹框（member / usedUp …）；项目查看本身已计次',
    },
  ],
});

/** spec §7 `zhaozhongbiaoDetails/getDetailLink`: the item's source URL (原文链接), through detailLink. */
export const getDetailLinkEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/zhaozhongbiaoDetails/getDetailLink',
  summary:
    '原文链接：按 detailLink（每日次数）计次后返回来源网址（同一公告的各转载来源一并返回），同一信息当天再取不计次；无原文链接时不计次',
  access: 'user',
  request: z.object({ id: detailItemIdSchema }),
  response: z.object({
    id: z.number().int(),
    /** The item's own source, or its first repost where it has none. */
    url: z.string(),
    sourceName: z.string().nullable(),
    /** Every source URL of the item (`url` first): one count for all of them. */
    links: z.array(z.object({ url: z.string(), sourceName: z.string().nullable() })),
    pass: gatePassSchema,
  }),
  errorData: gateRefusalSchema,
  errors: [
    ...gateErrors('任何类型的信息', 'detailLink'),
    { code: 404, when: '该信息没有原文链接（不计次）' },
  ],
});

/** One downloadable document of an item's project. */
export const projectDocumentSchema = z.object({
  id: z.number().int(),
  type: itemTypeSchema,
  typeName: z.string(),
  title: z.string(),
  publishDate: z.string(),
  /** The file `downloadDocument` answers for it ('<title>.txt'). */
  fileName: z.string(),
  /** 'text/plain; charset=utf-8'. */
  contentType: z.string(),
  /** GET this path (with brand, version and the token) for the file. */
  downloadPath: z.string(),
  /** The item this answer is about. */
  current: z.boolean(),
});

export type ProjectDocument = z.infer<typeof projectDocumentSchema>;

/**
 * spec §7 `zhaozhongbiaoDetails/getProjectDocuments`: the documents (附件) of an item's project: the announcement
 * texts of every item with its project key, each a file of `downloadDocument`. Needs downloadExpansion (yes/no,
 * checked with the item's region, never counted); each download then costs downloadAnnouncement.
 */
export const getProjectDocumentsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/zhaozhongbiaoDetails/getProjectDocuments',
  summary:
    '项目文件（附件）列表：需 downloadExpansion（是否支持，校验地区，不计次），返回同一项目各条公告的正文文件，逐个通过 downloadDocument 下载（按 downloadAnnouncement 计次）',
  access: 'user',
  request: z.object({ id: detailItemIdSchema }),
  response: z.object({
    id: z.number().int(),
    documents: z.array(projectDocumentSchema),
    pass: gatePassSchema,
  }),
  errorData: gateRefusalSchema,
  errors: [notFound('任何类型的信息'), pcUse, member('downloadExpansion'), singleProvice],
});

/**
 * spec §7 `zhaozhongbiaoDetails/downloadDocument` (query; blob answer): the announcement text as a UTF-8 text file,
 * `Content-Disposition: attachment` with the Chinese file name in RFC 5987 form (`filename*=UTF-8''…`). Costs
 * downloadAnnouncement once per item per day. A refusal is the usual JSON envelope (the gate's dialog).
 */
export const isFirstTimeDownloadAnnouncementEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/zhaozhongbiaoDetails/isFirstTimeDownloadAnnouncement',
  summary:
    '是否今天第一次下载该公告：是则下载会扣减 1 次 downloadAnnouncement（当天再次下载同一信息不计次）；只查询，不计次',
  access: 'user',
  request: z.object({ id: detailItemIdSchema }),
  response: z.object({ firstTime: z.boolean() }),
  errors: [{ code: 404, when: 'id 对应的信息不存在' }],
});

/** One medical device a notice buys or awards, with its 医疗器械注册证 facts where the text states them. */
export const medicalDeviceSchema = z.object({
  /** 国械注准20173061234, 粤械注准20192220123, 国械注进…: the 注册证编号. */
  registrationNumber: z.string(),
  /** The device as the notice names it; null when the number stands alone. */
  name: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  quantity: z.string().nullable(),
  /** 注册人 / 生产厂家 as written. */
  holder: z.string().nullable(),
  /** 批准日期, 'YYYY-MM-DD'. */
  approvedOn: z.string().nullable(),
  /** 有效期至, 'YYYY-MM-DD'. */
  validUntil: z.string().nullable(),
  /** From the number: 国家药品监督管理局 or the province's. */
  authority: z.string(),
  /** From the number: 境内, 进口 or 港澳台. */
  origin: z.string(),
  /** From the number: 第二类 or 第三类. */
  managementClass: z.string(),
  /** From the number: the year it was first registered. */
  approvalYear: z.number().int(),
  /** The notice that states it (this item or another notice of the same project). */
  sourceId: z.number().int(),
});

export type MedicalDevice = z.infer<typeof medicalDeviceSchema>;

/**
 * 医疗详情 (spec §2 menus "medical detail", §3 Medical state: a medical detail object and a medical register date
 * list): the devices of a medical-equipment notice and their 注册证 facts, read from its text and from the other
 * notices of its project (a tender names the devices, the award their brands and registrations). The same gate as
 * the notice's detail view: a view of either costs once per item per day.
 */
export const selMedicalDetailsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/zhaozhongbiaoDetails/selMedicalDetails',
  summary:
    '医疗详情：医疗设备公告采购或中标的设备及其医疗器械注册证信息（注册证编号、注册人、批准日期、有效期），取自本公告及同一项目的其他公告；与公告详情同一权限、同一计次（同一信息当天只计一次）',
  access: 'user',
  request: z.object({ id: detailItemIdSchema }),
  response: z.object({
    id: z.number().int(),
    title: z.string(),
    type: itemTypeSchema,
    publishDate: z.string(),
    /** Whether the notice is about medical devices (title or registration numbers). */
    isMedical: z.boolean(),
    devices: z.array(medicalDeviceSchema),
    /** The register date list: every dated fact of the devices, oldest first. */
    registerDates: z.array(
      z.object({
        date: z.string(),
        kind: z.enum(['批准', '有效期至']),
        registrationNumber: z.string(),
        name: z.string().nullable(),
      }),
    ),
    /** The notices the devices were read from, this one first. */
    sources: z.array(z.object({ id: z.number().int(), title: z.string(), type: itemTypeSchema })),
    pass: gatePassSchema,
  }),
  errorData: gateRefusalSchema,
  errors: gateErrors(
    '公告（拟建、审批项目没有医疗详情）',
    'watchZhaobiao / preProjectDetail / purchaseDetail',
  ),
});

/**
 * spec §7 `ma/getQrcode`: a code the member scans to open this item on the phone. With WECHAT_PROVIDER=wechat it is
 * the mini-program code of the detail page (WECHAT_MA_DETAIL_PAGE, scene `id=<id>`); in sandbox mode the address
 * of the item in the brand's web client, which the browser draws as a QR code. Nothing is counted: the phone's
 * view goes through the same gate as any other.
 */
export const itemQrcodeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/ma/getQrcode',
  summary:
    '信息的手机扫码二维码（不计次）：wechat 模式 qrImage 为打开小程序详情页的小程序码（data URL），sandbox 模式 qrUrl 为该信息在网页端的地址；手机上查看时照常计次',
  access: 'user',
  request: z.object({ id: detailItemIdSchema }),
  response: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('wechat'), qrImage: z.string() }),
    z.object({ mode: z.literal('sandbox'), qrUrl: z.string() }),
  ]),
  errors: [
    {
      code: 404,
      when: 'id 对应的信息不存在，或扫码查看未开启（WECHAT_PROVIDER=off，或未配置 WECHAT_MA_DETAIL_PAGE）',
    },
    { code: 500, when: '微信接口出错（message 说明原因）' },
  ],
});

export const downloadDocumentEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/zhaozhongbiaoDetails/downloadDocument',
  summary:
    '下载公告正文（文件，非 JSON）：按 downloadAnnouncement（每日次数）计次，同一信息当天再次下载不计次；成功时响应体为 UTF-8 文本文件，Content-Disposition 以 RFC 5987 给出中文文件名；拒绝时为 JSON 信封',
  access: 'user',
  request: z.object({ id: detailItemIdSchema }),
  response: z.string().describe('文件内容（text/plain; charset=utf-8），不是 JSON 信封'),
  errorData: gateRefusalSchema,
  errors: gateErrors('任何类型的信息', 'downloadAnnouncement', true),
});
