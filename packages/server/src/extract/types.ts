/**
 * The fields `extractFields()` reads out of one procurement notice. Every field is `null` when the notice does
 * not state it, states it masked (`****`, `(略)`, `详见附件` …) or states it in a form we cannot read with
 * confidence: a wrong value is worse than none. docs/data-format.md "Extracted fields" is the reference.
 */

/** The units a Chinese notice states amounts in. Spelled-out amounts (大写金额) count as 元. */
export type AmountUnit = '元' | '万元' | '亿元';

export interface ExtractedAmount {
  /** Integer fen (1 元 = 100 fen), computed from the decimal text without float error. */
  fen: number;
  /** The unit the notice used. */
  unit: AmountUnit;
  /** The amount as written, e.g. `380.0000000 万元`, `¥1,250,000.00`, `人民币壹佰贰拾叁万…玖分`. */
  raw: string;
}

/**
 * The catalog's announcement-type codes (`docchnnel`, src/catalog/document-types.ts): zb 招标公告, bg 更正/变更/
 * 终止公告, jg 中标/成交结果, yg 招标预告/商机, yx 采购意向, nj 拟建项目, sp 审批项目.
 */
export type AnnouncementTypeCode = 'zb' | 'bg' | 'jg' | 'yg' | 'yx' | 'nj' | 'sp';

/** The catalog's procurement-method codes (children of `zb`): 公开招标, 邀请招标, 竞争性谈判, 竞争性磋商, 单一来源, 询价. */
export type ProcurementMethodCode = 'gk' | 'yq' | 'tp' | 'cs' | 'dy' | 'xj';

export interface ExtractedPhone {
  type: 'mobile' | 'landline';
  /** Mobile: 11 digits. Landline: `0571-85123456` (area code and number), or the bare number without area code. */
  number: string;
  /** Landline area code (`010`, `0571`); null for mobiles and for landlines written without one. */
  areaCode: string | null;
  /** Landline extension (转 8012, -8012 after a full number, 分机 8012). */
  extension: string | null;
}

/** Whose contact it is: the section of the notice it was read from. */
export type ContactRole = 'purchaser' | 'agency' | 'project';

export interface ExtractedContact {
  role: ContactRole;
  /** The contact person as written (`王工`, `李女士`); null when only a phone is given. */
  name: string | null;
  phones: ExtractedPhone[];
}

/** ISO 8601 in China time: `2025-03-05T09:30:00+08:00`, or `2025-03-05` when the notice gives no time of day. */
export type ChinaDateTime = string;

export interface ExtractedDeadlines {
  /** First day (and hour) bidding documents can be obtained (获取招标/采购/磋商文件). */
  documentsFrom: ChinaDateTime | null;
  /** Last day (and hour) bidding documents can be obtained. */
  documentsUntil: ChinaDateTime | null;
  /** 投标/响应文件提交截止时间; after a correction (更正为 …), the corrected time. */
  bidDeadline: ChinaDateTime | null;
  /** 开标时间 / 响应文件开启时间. */
  openingTime: ChinaDateTime | null;
}

export interface ExtractedWinner {
  /** The lot as written (`包1`, `第二标段`, `1`); null for a notice with one lot. */
  lot: string | null;
  /** 中标人 / 成交供应商 / 第一中标候选人. */
  supplier: string;
  /** 中标/成交金额; null when masked or stated as a rate (下浮率 5%). */
  amount: ExtractedAmount | null;
}

/** GB/T 2260 codes from the catalog's area data (`areaCatalog()`). */
export interface ExtractedRegion {
  provinceCode: string;
  provinceName: string;
  /** For municipalities the municipality itself (110100 北京市); for 省直辖县 the county-level city (429004 仙桃市). */
  cityCode: string | null;
  cityName: string | null;
  districtCode: string | null;
  districtName: string | null;
}

/** Codes of the catalog's approval stages (src/catalog/approval-stages.ts). */
export type ApprovalStageCode =
  | 'lx'
  | 'kxx'
  | 'hz'
  | 'ba'
  | 'jn'
  | 'hp'
  | 'yd'
  | 'ydgh'
  | 'gcgh'
  | 'cbsj'
  | 'sgt'
  | 'sg'
  | 'jg';

/** 审批项目 / 拟建项目: who approved what, under which number, at which stage. */
export interface ExtractedApproval {
  /** 审批机关 / 审批部门 / 备案机关. */
  authority: string | null;
  /** 审批代码 / 项目代码 (the national investment-project code, e.g. 2503-440305-04-01-123456). */
  approvalCode: string | null;
  /** 批准文号 / 批复文号 / 备案证号. */
  documentNumber: string | null;
  stage: ApprovalStageCode | null;
  /** 总投资 / 投资估算 (`项目估算总投资2960万元`): what the construction costs, never the budget of a tender. */
  totalInvestment: ExtractedAmount | null;
}

export interface ExtractedFields {
  /** The notice's title: the given one, the HTML `<h1>`–`<h3>`/`<title>`, or the first line that reads like one. */
  title: string | null;
  announcementType: AnnouncementTypeCode | null;
  procurementMethod: ProcurementMethodCode | null;
  projectName: string | null;
  /** 项目编号 / 招标编号 / 采购编号 / 采购项目编号 … */
  projectCode: string | null;
  /** 预算金额 / 采购预算 / 估算金额; a tender's 总投资 where it states no 预算 (an approval's is `approval.totalInvestment`). */
  budget: ExtractedAmount | null;
  /** 最高限价 / 招标控制价 / 最高投标限价: kept apart from the budget. */
  ceilingPrice: ExtractedAmount | null;
  /** 采购人 / 招标人 / 建设单位 / 项目业主. */
  purchaser: string | null;
  /** 采购代理机构 / 招标代理机构 / 集中采购机构. */
  agency: string | null;
  contacts: ExtractedContact[] | null;
  deadlines: ExtractedDeadlines | null;
  winners: ExtractedWinner[] | null;
  region: ExtractedRegion | null;
  approval: ExtractedApproval | null;
}

export interface ExtractOptions {
  /** `auto` (default) treats the input as HTML when it contains HTML tags. */
  format?: 'auto' | 'html' | 'text';
  /** The title when the source gives it apart from the body (a list page, an NDJSON record). */
  title?: string;
}
