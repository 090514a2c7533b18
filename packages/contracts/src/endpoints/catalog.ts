import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

const dictionaryEntrySchema = z.object({ value: z.string(), label: z.string() });

/** A dictionary's entries, keyed by `dictName` (spec §3 Dictionary, §7 `api/dictDetail`, §9 page size 9999). */
export const dictDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/dictDetail',
  summary: '字典明细：按 dictName 分页返回 value/label 列表',
  access: 'public',
  request: z.object({
    dictName: z.string().trim().min(1, '请提供字典名称 dictName'),
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(9999).default(9999),
  }),
  response: z.object({
    content: z.array(dictionaryEntrySchema),
    totalElements: z.number().int(),
  }),
});

/** spec §3 Dictionary: an entry with its children, if it has any, in `subList`. */
export interface DictionaryTreeEntry {
  value: string;
  label: string;
  subList?: DictionaryTreeEntry[];
}

export const dictionaryTreeEntrySchema: z.ZodType<DictionaryTreeEntry> = z
  .object({
    value: z.string(),
    label: z.string(),
    get subList() {
      return z.array(dictionaryTreeEntrySchema).optional();
    },
  })
  .meta({ id: 'DictionaryTreeEntry' });

const DICT_NAMES_MESSAGE = '请提供字典名称 dictNames，多个名称用英文逗号分隔';
const dictNameSchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, '字典名称只能由字母、数字、下划线或短横线组成，且以字母开头');

/**
 * Dictionary names as the client sends them: one comma-separated text (`dictNames=item_amount,customer_info`) or
 * the parameter repeated. Blank names are ignored; none at all is refused (spec §5 'need Dict names').
 */
export const dictNamesSchema = z
  .union([z.string(), z.array(z.string())], { error: DICT_NAMES_MESSAGE })
  .meta({ description: '字典名称，多个用英文逗号分隔或重复传参，至多 20 个' })
  .transform((value) => [
    ...new Set(
      (Array.isArray(value) ? value : [value])
        .flatMap((names) => names.split(','))
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    ),
  ])
  .pipe(z.array(dictNameSchema).min(1, DICT_NAMES_MESSAGE).max(20, '一次最多查询 20 个字典'));

/** Several dictionaries at once, each with its entries' children (spec §3 Dictionary, §7 `common/selDictDetail`). */
export const selDictDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/common/selDictDetail',
  summary:
    '多个字典明细：dictNames 用英文逗号分隔（如 item_amount,customer_info），按字典名称返回条目列表；条目有 value、label，有下级时带 subList。未知字典返回空列表',
  access: 'public',
  request: z.object({ dictNames: dictNamesSchema }),
  response: z.record(z.string(), z.array(dictionaryTreeEntrySchema)),
});

// ── Areas (GB/T 2260) ───────────────────────────────────────────────────────────────────────────────

/** spec §3 Area tree: 'all' the whole country, 'one' a province-level region, 'two' a city under it. */
export const areaClassifySchema = z.enum(['all', 'one', 'two']);

/**
 * A city child of a region in the `selArea` answer, already shaped as a spec §3 Area tree node. Its `code` is
 * `<area>_<city name>` (the region's `area`, an underscore, the city's name: `广东省_深圳市`), as the spec's
 * client codes them; `areaCode` is the city's GB/T 2260 code (`440300`). For the municipalities and for
 * counties a province administers directly, the children are the districts and counties themselves
 * (`北京市_东城区`, areaCode `110101`; `湖北省_仙桃市`, `429004`).
 */
export const selAreaCitySchema = z.object({
  name: z.string(),
  code: z.string(),
  parentCode: z.string(),
  classify: z.literal('two'),
  selected: z.boolean(),
  areaCode: z.string().regex(/^\d{6}$/),
});

/**
 * One entry of the `selArea` answer (its `data` is this list as a JSON string, spec §7, §8). In order:
 * 1. the header — `code` 'version', `description` '版本', `version` the key to cache the area data under
 *    (spec §3; it changes whenever the data or this shape changes). The client drops it (spec §7: the first
 *    entry is dropped).
 * 2. the whole country — `code` '100000', `classify` 'all', `parentCode` null.
 * 3. per province-level region (34, GB/T 2260 order) — `classify` 'one', `parentCode` '100000', `area` (its
 *    name, the prefix of its cities' codes) and `city` (its children, see `selAreaCitySchema`), followed by a
 *    '全部' entry (`description` '全部', `code` '<area>_全部') that pickers of other clients show as "the whole
 *    region"; the web client drops it (spec §7).
 *
 * The web client keeps entries 2 and 3, adds each region's `city` list and builds the tree with `buildAreaTree`
 * of @tender/domain: 全国 → regions → cities, so `purchaseAreaChoices` offers 全国 plus the 34 region names.
 */
export const selAreaEntrySchema = z.object({
  name: z.string(),
  code: z.string(),
  parentCode: z.string().nullable(),
  classify: areaClassifySchema,
  selected: z.boolean(),
  description: z.string(),
  version: z.string().optional(),
  area: z.string().optional(),
  city: z.array(selAreaCitySchema).optional(),
});

export type SelAreaEntry = z.infer<typeof selAreaEntrySchema>;
export type SelAreaCity = z.infer<typeof selAreaCitySchema>;

/** The `selArea` answer once its JSON string is parsed. */
export const selAreaEntriesSchema = z.array(selAreaEntrySchema);

export const selAreaEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/common/selArea',
  summary:
    '地区（GB/T 2260）：data 是 JSON 字符串，解析后为条目列表——首条为版本条目（code "version"，version 为本地缓存的版本键），其后为全国（code 100000，classify all）、各省级地区（classify one，带 area 与 city 列表；city 子项 code 为“area_城市名”，areaCode 为 6 位区划代码）及各省的“全部”条目（description 全部）。结构见 contracts 的 selAreaEntrySchema',
  access: 'public',
  request: z.object({}),
  response: z.string(),
});

const areaCodeSchema = z.string().regex(/^\d{6}$/);

export const districtAreaSchema = z.object({ code: areaCodeSchema, name: z.string() });
export const cityAreaSchema = z.object({
  code: areaCodeSchema,
  name: z.string(),
  children: z.array(districtAreaSchema),
});
export const provinceAreaSchema = z.object({
  code: areaCodeSchema,
  name: z.string(),
  children: z.array(cityAreaSchema),
});

export type ProvinceArea = z.infer<typeof provinceAreaSchema>;

export const selThreeLevelAreaEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/common/selThreeLevelArea',
  summary: '省、市、区县三级地区（GB/T 2260 六位代码），如 440000 广东省 → 440300 深圳市 → 440305 南山区',
  access: 'public',
  request: z.object({}),
  response: z.array(provinceAreaSchema),
});

// ── Industries (GB/T 4754-2017) ─────────────────────────────────────────────────────────────────────

export const industryDivisionSchema = z.object({ code: z.string().regex(/^\d{2}$/), name: z.string() });
export const industrySectionSchema = z.object({
  code: z.string().regex(/^[A-T]$/),
  name: z.string(),
  children: z.array(industryDivisionSchema),
});

export type IndustrySection = z.infer<typeof industrySectionSchema>;

export const industryListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/industry/list',
  summary:
    '行业：《国民经济行业分类》GB/T 4754-2017 的 20 个门类（A–T）及其 97 个大类（两位代码），如 E 建筑业 → 48 土木工程建筑业',
  access: 'public',
  request: z.object({}),
  response: z.array(industrySectionSchema),
});

// ── Announcement types ──────────────────────────────────────────────────────────────────────────────

/** Which subscription an announcement type belongs to: bidding (招标订阅) or upfront (前期项目订阅). */
export const documentTypeGroupSchema = z.enum(['bidding', 'upfront'], {
  error: '只能是 bidding（招投标公告）或 upfront（前期项目）',
});

export const documentSubtypeSchema = z.object({ code: z.string(), name: z.string() });
export const documentTypeSchema = z.object({
  code: z.string(),
  name: z.string(),
  group: documentTypeGroupSchema,
  children: z.array(documentSubtypeSchema),
});

export type DocumentType = z.infer<typeof documentTypeSchema>;

export const documentTypeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/common/document/type',
  summary:
    '公告类型（搜索的 docchnnel 取值）：bidding 组 zb 招标公告（子类 gk 公开招标、yq 邀请招标、tp 竞争性谈判、cs 竞争性磋商、dy 单一来源、xj 询价）、bg 更正/变更/终止公告、jg 中标/成交结果；upfront 组 yg 招标预告/商机、yx 采购意向、nj 拟建项目、sp 审批项目。group 可只取一组',
  access: 'public',
  request: z.object({
    group: documentTypeGroupSchema
      .optional()
      .meta({ description: '只要一组：bidding 招投标公告，upfront 前期项目' }),
  }),
  response: z.array(documentTypeSchema),
});

// ── Approval stages ─────────────────────────────────────────────────────────────────────────────────

export const approvalPhaseSchema = z.enum(['decision', 'planning', 'construction', 'completion'], {
  error:
    '只能是 decision（立项决策）、planning（用地规划）、construction（设计施工）或 completion（竣工验收）',
});

const approvalPhaseParamSchema = approvalPhaseSchema.optional().meta({
  description:
    '只要一个阶段：decision 立项决策，planning 用地规划，construction 设计施工，completion 竣工验收',
});

export const approvalStageSchema = z.object({
  code: z.string(),
  name: z.string(),
  phase: approvalPhaseSchema,
  phaseName: z.string(),
});

export type ApprovalStage = z.infer<typeof approvalStageSchema>;

export const approvalStageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/common/approval/stage',
  summary:
    '审批项目的审批阶段，按项目建设流程排序：lx 项目建议书/立项、kxx 可行性研究报告、hz 项目核准、ba 项目备案、jn 节能审查、hp 环境影响评价、yd 用地预审与选址、ydgh 建设用地规划许可、gcgh 建设工程规划许可、cbsj 初步设计、sgt 施工图审查、sg 施工许可、jg 竣工验收。phase 可只取一个阶段',
  access: 'public',
  request: z.object({
    phase: approvalPhaseParamSchema,
  }),
  response: z.array(approvalStageSchema),
});

// ── Contact info ────────────────────────────────────────────────────────────────────────────────────

/** spec §3 Server contact info entries: a phone (`mobile`), a WeChat QR image (`qrcode`), a picture (`image`). */
export const customerContactSchema = z.object({
  label: z.enum(['mobile', 'qrcode', 'image']),
  value: z.string(),
});

export type CustomerContact = z.infer<typeof customerContactSchema>;

export const customerMobileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/common/customer-mobile',
  summary:
    '品牌的客服联系方式：label 为 mobile（客服电话）、qrcode（客服微信二维码图片）或 image（客服图片），来自字典 customer_info 与品牌的公司配置；没有时为空列表',
  access: 'public',
  request: z.object({}),
  response: z.array(customerContactSchema),
});
