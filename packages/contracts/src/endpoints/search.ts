import {
  DEFAULT_MAX_PAGES,
  DEFAULT_PAGE_SIZE,
  isAmountRangeText,
  SEARCH_PATTERNS,
  SEARCH_TYPES,
  TOTAL_DISPLAY_CAP,
} from '@tender/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/**
 * Search (spec §7 Search; §3 Search filter state and Fixed filter options; §9 pagination). Lists and search
 * results are not region-restricted and cost no quota (docs/business-rules.md: details are); every call needs a
 * signed-in user with a complete profile. Matching (src/search/README.md in the server):
 *
 * - `searchType` (scope): 10 full text (title, purchase content and body), 20 title, 30 purchase content
 *   (project name and the sections that describe what is bought or built).
 * - `searchPattern` (mode): 30 precise — every keyword as an exact substring (两字词 such as 医院 included);
 *   20 smart — every word of the keywords (jieba segmentation: 医院设备 → 医院, 设备), each anywhere;
 *   10 fuzzy — any of those words, results with every word first.
 * - Keywords are separated by spaces (or ，、;). `secondSearch` (search within results) adds keywords every
 *   result must also contain, precisely.
 * - Newest first. Totals are counted up to 10,001: `total` above 10,000 shows as `totalText` '10000+'.
 * - 20 per page at most and 50 pages at most (spec §9): a later page is refused with code 400.
 */

const maxPageMessage = `最多可查看 ${DEFAULT_MAX_PAGES} 页，请修改搜索条件缩小范围`;

const pageNumberSchema = z.coerce
  .number({ error: '页码须为数字' })
  .int('页码须为整数')
  .min(1, '页码从 1 开始')
  .max(DEFAULT_MAX_PAGES, maxPageMessage)
  .default(1)
  .describe(`页码，从 1 开始，最多 ${DEFAULT_MAX_PAGES} 页`);

const pageSizeSchema = z.coerce
  .number({ error: '每页条数须为数字' })
  .int('每页条数须为整数')
  .min(1, '每页至少 1 条')
  .max(DEFAULT_PAGE_SIZE, `每页最多 ${DEFAULT_PAGE_SIZE} 条`)
  .default(DEFAULT_PAGE_SIZE)
  .describe(`每页条数，最多 ${DEFAULT_PAGE_SIZE}`);

/** A list as the client sends it: an array, or one text with the items separated by commas. */
function listSchema(item: z.ZodString, message: string, max: number) {
  return z
    .union([z.string(), z.array(z.string())], { error: message })
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((entry) => entry.split(','))
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .pipe(z.array(item).max(max, `最多 ${max} 项`));
}

const keywordSchema = z
  .string({ error: '搜索词应为文字' })
  .trim()
  .max(100, '搜索词最多 100 个字')
  .describe('搜索词；多个词用空格分隔');

const KEYWORD_LIST_MESSAGE = '搜索词列表应为文字数组';
const keywordListSchema = z
  .array(z.string({ error: KEYWORD_LIST_MESSAGE }).max(100, '搜索词最多 100 个字'), {
    error: KEYWORD_LIST_MESSAGE,
  })
  .max(10, '最多 10 个搜索词')
  .describe('搜索词列表（与 keyword 合并）');

const secondSearchSchema = z
  .union(
    [z.string().max(100, '二次搜索词最多 100 个字'), z.array(z.string().max(100, '二次搜索词最多 100 个字'))],
    {
      error: '二次搜索词应为文字或文字数组',
    },
  )
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(z.array(z.string()).max(10, '最多 10 个二次搜索词'))
  .describe('在结果中搜索（二次搜索）：结果必须同时精确包含这些词');

const searchTypeSchema = z.coerce
  .number({ error: '搜索范围应为 10、20 或 30' })
  .refine(
    (value) => (Object.values(SEARCH_TYPES) as number[]).includes(value),
    '搜索范围应为 10（全文）、20（标题）或 30（采购内容）',
  )
  .default(SEARCH_TYPES.FULL_TEXT)
  .describe('搜索范围：10 全文，20 标题，30 采购内容');

const searchPatternSchema = z.coerce
  .number({ error: '搜索模式应为 30、20 或 10' })
  .refine(
    (value) => (Object.values(SEARCH_PATTERNS) as number[]).includes(value),
    '搜索模式应为 30（精准）、20（智能）或 10（模糊）',
  )
  .default(SEARCH_PATTERNS.PRECISE)
  .describe('搜索模式：30 精准，20 智能，10 模糊');

const docchnnelSchema = listSchema(
  z.string().regex(/^[a-z]{2}$/, '信息类型应为 document/type 中的代码（如 zb、jg、gk）'),
  '信息类型应为代码数组或用英文逗号分隔的代码',
  20,
).describe('信息类型（docchnnel）：document/type 的代码，如 zb、jg，或招标方式 gk、cs（即该方式的招标公告）');

export const areaSchema = listSchema(
  z.string().min(1).max(40, '地区代码过长'),
  '地区应为代码数组或用英文逗号分隔的代码',
  100,
).describe('地区：selArea 的节点代码（440000、广东省_深圳市、广东省_全部）或 6 位区划代码；100000 为全国');

export const industrySchema = listSchema(
  z.string().regex(/^(?:[A-T]|\d{2})$/, '行业应为 industry/list 中的门类（A—T）或大类代码（01—97）'),
  '行业应为代码数组或用英文逗号分隔的代码',
  100,
).describe('行业：门类 A—T 或大类 01—97（GB/T 4754-2017）');

const amountSchema = z
  .string({ error: "金额区间应为 'min,max' 格式的文字" })
  .trim()
  .refine(
    (value) => value === '' || isAmountRangeText(value),
    "金额区间应为 'min,max'（单位万元，可只填一端），且 min 不大于 max",
  )
  .describe("金额区间（万元）：'min,max'，可只填一端；min 为 0 且有 max 时按 0.01 计");

const amountBoundSchema = z.coerce
  .number({ error: '金额应为数字（万元）' })
  .min(0, '金额不能为负')
  .describe('金额（万元）');

const dateSchema = z
  .string({ error: '日期应为 YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期应为 YYYY-MM-DD');

const dateRangeFields = {
  startDate: dateSchema.optional().describe('发布日期起（含），YYYY-MM-DD'),
  endDate: dateSchema.optional().describe('发布日期止（含），YYYY-MM-DD'),
};

/** The filters every search endpoint shares (spec §3 Search filter state). */
const searchFilterFields = {
  keyword: keywordSchema.optional(),
  keywordList: keywordListSchema.optional(),
  searchType: searchTypeSchema,
  searchPattern: searchPatternSchema,
  area: areaSchema.optional(),
  industry: industrySchema.optional(),
  amount: amountSchema.optional(),
  minAmount: amountBoundSchema.optional().describe('金额下限（万元），与 amount 二选一'),
  maxAmount: amountBoundSchema.optional().describe('金额上限（万元），与 amount 二选一'),
  ...dateRangeFields,
  secondSearch: secondSearchSchema.optional(),
};

const pageFields = { pageNumber: pageNumberSchema, pageSize: pageSizeSchema };

/** A company taking part in a result: 中标/成交供应商 with its lot and amount. */
export const searchWinnerSchema = z.object({
  name: z.string(),
  /** The lot as written (包1, 第二标段); '' for a single lot. */
  lot: z.string(),
  /** The lot's award in 万元 ('43.1064万元'); null when not stated. */
  amountText: z.string().nullable(),
});

/** One result as the list view (显示模式 10) and the table view (20) show it. */
export const searchRecordSchema = z.object({
  /** The item: the id the detail endpoints take. */
  id: z.number().int(),
  /** docchnnel: zb, bg, jg, yg, yx, nj, sp. */
  docType: z.string(),
  docTypeName: z.string(),
  /** The label the list shows: the procurement method of a 招标公告 (公开招标 …), 更正公告, 中标公告, 成交公告 … */
  typeLabel: z.string(),
  title: z.string(),
  /** The title as HTML: text escaped, matches in `<em class="hl">…</em>`. */
  titleHighlight: z.string(),
  /** Full text and purchase content searches: a passage around the first match, as HTML like titleHighlight. */
  snippet: z.string().nullable(),
  provinceCode: z.string().nullable(),
  provinceName: z.string().nullable(),
  cityCode: z.string().nullable(),
  cityName: z.string().nullable(),
  districtName: z.string().nullable(),
  /** '广东省 深圳市 南山区' — what the list shows as the region. */
  regionText: z.string(),
  industryCode: z.string().nullable(),
  industryName: z.string().nullable(),
  /** 预算金额 in 万元 ('128.5万元'), null when not stated. */
  budgetText: z.string().nullable(),
  /** 中标/成交金额 in 万元 (results), null otherwise. */
  awardText: z.string().nullable(),
  /** The amount the amount filter compares, in 万元: the award of a result, the budget, a project's investment. */
  amountText: z.string().nullable(),
  /** 'YYYY-MM-DD' */
  publishDate: z.string(),
  /** 投标截止, ISO 8601; null when not stated. */
  bidDeadline: z.string().nullable(),
  /** 采购人 / 招标人 / 建设单位. */
  purchaser: z.string().nullable(),
  /** 代理机构. */
  agency: z.string().nullable(),
  winners: z.array(searchWinnerSchema),
  projectName: z.string().nullable(),
  projectCode: z.string().nullable(),
  /** Links the items of one procurement (意向 → 公告 → 更正 → 结果). */
  projectKey: z.string().nullable(),
  sourceName: z.string().nullable(),
});

export type SearchRecord = z.infer<typeof searchRecordSchema>;

/** A page of results with the capped total. */
function resultPageSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    /** Matches, counted up to 10,001. */
    total: z.number().int(),
    /** '10000+' above 10,000, else the number (spec §9). */
    totalText: z.string(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    /** The last page the client may open: the data's last page, at most 50. */
    lastPage: z.number().int(),
    /** The words the results were matched on, longest first (for highlighting elsewhere). */
    highlightWords: z.array(z.string()),
  });
}

export const searchResultPageSchema = resultPageSchema(searchRecordSchema);
export type SearchResultPage = z.infer<typeof searchResultPageSchema>;

const pageBeyondLimit = {
  code: 400,
  when: `pageNumber 超过 ${DEFAULT_MAX_PAGES} 或 pageSize 超过 ${DEFAULT_PAGE_SIZE}`,
};

/** The search of 招标/中标 information (spec §7 `searchList`); recorded in the caller's search history. */
export const searchListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/searchList',
  summary:
    '信息搜索：按搜索词（精准/智能/模糊，全文/标题/采购内容）、信息类型、地区、行业、金额、发布日期与二次搜索查找，最新发布在前；有搜索词时记入搜索历史',
  access: 'user',
  request: z.object({
    ...searchFilterFields,
    docchnnel: docchnnelSchema.optional(),
    ...pageFields,
  }),
  response: searchResultPageSchema,
  errors: [pageBeyondLimit],
});

/** The tabs of 全部搜索, each a group of announcement types. */
export const SEARCH_ALL_TABS = [
  { code: 'all', name: '全部', docTypes: ['zb', 'bg', 'jg', 'yg', 'yx', 'nj', 'sp'] },
  { code: 'zb', name: '招标公告', docTypes: ['zb', 'bg'] },
  { code: 'jg', name: '中标结果', docTypes: ['jg'] },
  { code: 'yg', name: '招标预告', docTypes: ['yg'] },
  { code: 'yx', name: '采购意向', docTypes: ['yx'] },
  { code: 'nj', name: '拟建项目', docTypes: ['nj'] },
  { code: 'sp', name: '审批项目', docTypes: ['sp'] },
] as const;

export type SearchAllTabCode = (typeof SEARCH_ALL_TABS)[number]['code'];

const tabCodes = SEARCH_ALL_TABS.map((tab) => tab.code) as [SearchAllTabCode, ...SearchAllTabCode[]];
const tabSchema = z
  .enum(tabCodes, { error: `标签应为 ${tabCodes.join('、')} 之一` })
  .default('all')
  .describe(
    '全部搜索的标签：all 全部、zb 招标公告、jg 中标结果、yg 招标预告、yx 采购意向、nj 拟建项目、sp 审批项目',
  );

/** 全部搜索: one search over every kind of information, one tab at a time (spec §7 `searchAllList`). */
export const searchAllListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/searchAllList',
  summary: '全部搜索：在所有信息类型中搜索，按标签（tab）只看一类；条件同 searchList；有搜索词时记入搜索历史',
  access: 'user',
  request: z.object({ ...searchFilterFields, tab: tabSchema, ...pageFields }),
  response: searchResultPageSchema,
  errors: [pageBeyondLimit],
});

export const searchTabCountSchema = z.object({
  code: z.enum(tabCodes),
  name: z.string(),
  total: z.number().int(),
  totalText: z.string(),
});

/** The tabs of 全部搜索 with how many results each has for these conditions (spec §7 `getSearchAllTabCondition`). */
export const getSearchAllTabConditionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/getSearchAllTabCondition',
  summary: '全部搜索的标签及各标签的结果数（计到 10001，超过 10000 显示 10000+）；条件同 searchAllList',
  access: 'user',
  request: z.object(searchFilterFields),
  response: z.object({ tabs: z.array(searchTabCountSchema) }),
});

const optionSchema = z.object({ value: z.union([z.number(), z.string()]), label: z.string() });

/** A publish-date preset with its days computed on the server (China time). */
export const dateRangeOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});

/** A type of information with its sub-types (the procurement methods of 招标公告). */
export const docchnnelOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  children: z.array(z.object({ code: z.string(), name: z.string() })),
});

const conditionFields = {
  /** spec §3: search type 10 全文, 20 标题, 30 采购内容. */
  searchTypes: z.array(optionSchema),
  /** spec §3: search pattern 30 精准, 20 智能, 10 模糊. */
  searchPatterns: z.array(optionSchema),
  /** The brand's amount ranges (dictionary item_amount), value 'min,max' in 万元. */
  amountRanges: z.array(optionSchema),
  dateRanges: z.array(dateRangeOptionSchema),
};

/** The filter options of 全部搜索 (spec §7 `getSearchAllCondition`). */
export const getSearchAllConditionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/getSearchAllCondition',
  summary: '全部搜索的筛选项：标签、搜索范围、搜索模式、金额区间（品牌字典 item_amount）与发布时间',
  access: 'user',
  request: z.object({}),
  response: z.object({
    tabs: z.array(z.object({ code: z.enum(tabCodes), name: z.string() })),
    ...conditionFields,
  }),
});

/** The filter options of the information search (spec §7 `getSearchCondition`). */
export const getSearchConditionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/getSearchCondition',
  summary:
    '信息搜索的筛选项：信息类型（docchnnel）、搜索范围、搜索模式、金额区间与发布时间；地区见 selArea，行业见 industry/list',
  access: 'user',
  request: z.object({}),
  response: z.object({ docchnnel: z.array(docchnnelOptionSchema), ...conditionFields }),
});

/** 热门搜索 (spec §7 `getHostSearchWord`, no body). */
export const getHostSearchWordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/getHostSearchWord',
  summary:
    '热门搜索词：本品牌近 30 天至少 3 位用户搜索过、不超过 12 个字且有结果的词（按搜索人数），不足 10 个时以本品牌的常用词补足',
  access: 'user',
  request: z.object({}),
  response: z.object({ words: z.array(z.string()) }),
});

export const searchWordSchema = z.object({
  word: z.string(),
  /** The word as HTML, the typed text in `<em class="hl">`. */
  wordHighlight: z.string(),
  /** history: the caller searched it; title: a word of recent titles; company: a company name (type 0). */
  source: z.enum(['history', 'title', 'company']),
});

/** Suggestions while typing (spec §7 `searchWordList`); type 0 is the company search. */
export const searchWordListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/searchWordList',
  summary: '联想词：输入时给出至多 10 个建议（自己的搜索历史、近期标题中的词）；type 为 0 时为企业名称联想',
  access: 'user',
  request: z.object({
    keyword: z
      .string({ error: '请输入联想的文字' })
      .trim()
      .min(1, '请输入联想的文字')
      .max(50, '联想文字最多 50 个字')
      .describe('已输入的文字'),
    type: z.coerce
      .number({ error: 'type 应为数字' })
      .int('type 应为整数')
      .default(1)
      .describe('0 企业名称；其他为信息搜索词'),
  }),
  response: z.object({ words: z.array(searchWordSchema) }),
});

export const searchHistoryEntrySchema = z.object({
  keyword: z.string(),
  /** The conditions of the latest search with this keyword, as they were sent (to run it again). */
  conditions: z.record(z.string(), z.unknown()),
  /** How many times it was searched. */
  times: z.number().int(),
  /** ISO 8601. */
  searchTime: z.string(),
});

const historyRequest = z.object({
  pageNumber: z.coerce
    .number({ error: '页码须为数字' })
    .int('页码须为整数')
    .min(1, '页码从 1 开始')
    .default(1),
  pageSize: z.coerce
    .number({ error: '每页条数须为数字' })
    .int('每页条数须为整数')
    .min(1, '每页至少 1 条')
    .max(50, '每页最多 50 条')
    .default(10),
});

const historyResponse = z.object({ records: z.array(searchHistoryEntrySchema), total: z.number().int() });

/** The caller's recent searches of 信息搜索 and 全部搜索, newest first, one entry per keyword. */
export const searchHistoryListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/searchHistoryList',
  summary: '我的搜索历史（信息搜索与全部搜索）：每个搜索词一条，最近的在前，带上次的搜索条件',
  access: 'user',
  request: historyRequest,
  response: historyResponse,
});

/** 清空搜索历史: the member's history of the information search and 全部搜索 (not of 拟建 or 审批). */
export const searchHistoryClearEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/searchHistoryClear',
  summary: '清空我的搜索历史（信息搜索与全部搜索）',
  access: 'user',
  request: z.object({}),
  response: z.null(),
});

/** A proposed project (拟建项目) as its list shows it. */
export const designedRecordSchema = searchRecordSchema.extend({
  /** The catalog's approval stage (approval/stage): the furthest step the project has reached. */
  stageCode: z.string().nullable(),
  stageName: z.string().nullable(),
  /** 总投资 in 万元. */
  totalInvestmentText: z.string().nullable(),
  constructionSite: z.string().nullable(),
  constructionScale: z.string().nullable(),
  /** 'YYYY-MM-DD' */
  plannedStart: z.string().nullable(),
  plannedEnd: z.string().nullable(),
  /** The national investment-project code (审批代码). */
  approvalCode: z.string().nullable(),
});

export type DesignedRecord = z.infer<typeof designedRecordSchema>;

const stageListSchema = listSchema(
  z.string().regex(/^[a-z]{2,4}$/, '阶段应为 approval/stage 中的代码'),
  '阶段应为代码数组或用英文逗号分隔的代码',
  20,
).describe('审批阶段：approval/stage 的代码，如 lx、sg');

/** The search of proposed projects (拟建, spec §7 `desginedSearchList`); amounts filter the total investment. */
export const desginedSearchListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/desginedSearchList',
  summary:
    '拟建项目搜索：条件同 searchList（金额为总投资），另可按项目阶段（stage）筛选；有搜索词时记入拟建搜索历史',
  access: 'user',
  request: z.object({ ...searchFilterFields, stage: stageListSchema.optional(), ...pageFields }),
  response: resultPageSchema(designedRecordSchema),
  errors: [pageBeyondLimit],
});

export const desginedSearchHistoryListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/desginedSearchHistoryList',
  summary: '我的拟建项目搜索历史：每个搜索词一条，最近的在前',
  access: 'user',
  request: historyRequest,
  response: historyResponse,
});

/** An approval decision (审批项目) as its list shows it. */
export const approvalRecordSchema = designedRecordSchema.extend({
  /** 审批部门. */
  approvalAuthority: z.string().nullable(),
  /** 批准文号. */
  documentNumber: z.string().nullable(),
  /** 审批结果. */
  approvalResult: z.string().nullable(),
  /** 'YYYY-MM-DD' */
  approvalDate: z.string().nullable(),
});

export type ApprovalRecord = z.infer<typeof approvalRecordSchema>;

/** 审批项目 list (spec §7 `client/spxm/getPage`). */
export const spxmGetPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/client/spxm/getPage',
  summary:
    '审批项目列表：按搜索词、地区、行业、总投资、审批阶段（stage）与发布日期筛选，最新在前；有搜索词时记入审批搜索记录',
  access: 'user',
  request: z.object({ ...searchFilterFields, stage: stageListSchema.optional(), ...pageFields }),
  response: resultPageSchema(approvalRecordSchema),
  errors: [pageBeyondLimit],
});

export const approvalStageStepSchema = z.object({
  /** The 审批项目 item of this step. */
  id: z.number().int(),
  title: z.string(),
  stageCode: z.string().nullable(),
  stageName: z.string().nullable(),
  approvalAuthority: z.string().nullable(),
  documentNumber: z.string().nullable(),
  approvalResult: z.string().nullable(),
  approvalDate: z.string().nullable(),
  publishDate: z.string(),
  /** Whether this is the item asked for. */
  current: z.boolean(),
});

/** One 审批项目 with every approval step of its project (spec §7 `client/spxm/detail`). */
export const spxmDetailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/client/spxm/detail',
  summary: '审批项目详情：该条审批的完整记录及同一项目（审批代码相同）的全部审批阶段，按审批流程顺序',
  access: 'user',
  request: z.object({
    id: z.coerce
      .number({ error: '请提供审批项目编号 id' })
      .int('审批项目编号应为整数')
      .positive('审批项目编号应为正整数')
      .describe('审批项目的编号（getPage 的 id）'),
  }),
  response: z.object({ record: approvalRecordSchema, stages: z.array(approvalStageStepSchema) }),
  errors: [{ code: 404, when: 'id 不是审批项目' }],
});

/** The caller's 审批 search words, newest first (spec §7 `spxm/search-record/search/History/getWord`). */
export const spxmHistoryWordEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/spxm/search-record/search/History/getWord',
  summary: '我的审批项目搜索词：最近的在前，至多 size 个',
  access: 'user',
  request: z.object({
    size: z.coerce
      .number({ error: 'size 须为数字' })
      .int('size 须为整数')
      .min(1, 'size 至少为 1')
      .max(50, 'size 最多为 50')
      .default(10),
  }),
  response: z.object({ words: z.array(z.string()) }),
});

/** The caller's 审批 searches with their conditions (spec §7 `spxm/search-record/getRecord`). */
export const spxmSearchRecordEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/spxm/search-record/getRecord',
  summary: '我的审批项目搜索记录：每个搜索词一条，最近的在前，带上次的搜索条件',
  access: 'user',
  request: historyRequest,
  response: historyResponse,
});

/** The total cap of search lists (spec §9). */
export const SEARCH_TOTAL_CAP = TOTAL_DISPLAY_CAP;
