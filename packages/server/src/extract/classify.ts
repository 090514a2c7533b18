import { cleanValue } from './clean';
import { findLabeled } from './labels';
import type { AnnouncementTypeCode, ApprovalStageCode, ProcurementMethodCode } from './types';

/**
 * Title words → announcement type, in order of precedence: a correction of a result is a correction (bg), a
 * result of a tender is a result (jg), a tender forecast is a forecast (yg) although it says 招标.
 */
const TYPE_BY_TITLE: readonly [RegExp, AnnouncementTypeCode][] = [
  [/采购意向|意向公开|意向公示/, 'yx'],
  [/拟建/, 'nj'],
  [
    /审批|核准|备案信息|备案公示|批复|审查意见|许可(?:信息|证|公示)|环评|环境影响|用地预审|竣工验收备案/,
    'sp',
  ],
  // Not the 修改 of 装修改造 / 维修改造, works a project name says it does.
  [/更正|变更|澄清|补遗|答疑|延期|(?<![装维检])修改(?!造)|补充公告|终止|废标|流标|取消|暂停|中止/, 'bg'],
  // `XX工程完成招标工作`, `XX项目招投标工作完成`: news that a tender has its result.
  [
    /中标|成交|结果|中选|候选人|定标|入围公告|合同公告|合同公示|政府采购合同|完成(?:了)?招标|招(?:投)?标工作(?:圆满|顺利)?(?:完成|结束)/,
    'jg',
  ],
  [/预告|招标计划|采购计划|预公告|项目预告|需求公示|需求征集/, 'yg'],
  [/招标|采购|磋商|谈判|询价|比选|竞价|单一来源|资格预审|遴选|公告/, 'zb'],
];

/** A body that states its outcome is a result, whatever a generic `…采购公告` title says. */
const RESULT_STATED = /(?:采购|成交|中标|招标的?)结果(?:公告|公示)?如下|现将(?:采购|成交|中标)结果/;

/** Body cues when no title decides. */
const TYPE_BY_BODY: readonly [RegExp, AnnouncementTypeCode][] = [
  [/采购意向|预计采购时间/, 'yx'],
  // A 单一来源 公示 names the method and its one supplier (a medicine's 批准文号 in it makes it no approval).
  [/单一来源采购方式|拟定(?:的唯一)?供应商/, 'zb'],
  [/审批机关|审批部门|批准文号|备案机关|审批事项/, 'sp'],
  [/拟建项目|项目进展/, 'nj'],
  [/更正信息|更正事项|更正内容|终止原因|项目终止/, 'bg'],
  [
    new RegExp(
      `${RESULT_STATED.source}|${/政府采购合同编号|中标（成交）信息|中标\(成交\)信息|中标供应商|成交供应商|中标人[:：\t]|中标候选人|中标金额|成交金额|中标(?:报价|价格?)(?:[（(][^）)\n]{1,4}[）)])?[:：\t]/.source}`,
    ),
    'jg',
  ],
  [/预计(?:招标|采购)时间/, 'yg'],
  [/投标截止|(?:投标|响应)文件(?:提交|递交)?截止|获取招标文件|获取采购文件|递交截止|开标时间/, 'zb'],
];

const bodyCue = (code: AnnouncementTypeCode) => TYPE_BY_BODY.find(([, cue]) => cue === code)?.[0];

/** A section heading taken for want of a title (`二、采购项目内容`) names a part of the notice, not its kind. */
export const SECTION_HEADING = /^[一二三四五六七八九十]{1,3}[、.．]/;

export function classifyAnnouncement(title: string | null, text: string): AnnouncementTypeCode | null {
  if (title && !SECTION_HEADING.test(title)) {
    for (const [pattern, code] of TYPE_BY_TITLE) {
      if (!pattern.test(title)) continue;
      // Pages pasted from Word break lines mid-word (`最终确认采\n购结果如下`).
      if (code === 'zb' && RESULT_STATED.test(text.replace(/\n/g, ''))) return 'jg';
      // A portal that gives a tender the title of a result: a body that names no result but invites bids.
      if (code === 'jg' && !bodyCue('jg')?.test(text) && bodyCue('zb')?.test(text)) return 'zb';
      return code;
    }
  }
  for (const [pattern, code] of TYPE_BY_BODY) if (pattern.test(text)) return code;
  return null;
}

const METHODS: readonly [RegExp, ProcurementMethodCode][] = [
  [/公开招标/, 'gk'],
  [/邀请招标/, 'yq'],
  [/竞争性谈判|谈判采购|谈判公告/, 'tp'],
  [/竞争性磋商|磋商公告|磋商采购/, 'cs'],
  // Not the award template's heading 评审专家（单一来源采购人员）名单.
  [/单一来源(?!采购人员)/, 'dy'],
  [/询价(?!函)/, 'xj'],
];

/** The first method a text names. */
function methodIn(text: string): ProcurementMethodCode | null {
  let best: { at: number; code: ProcurementMethodCode } | null = null;
  for (const [pattern, code] of METHODS) {
    const match = pattern.exec(text);
    if (match && (!best || match.index < best.at)) best = { at: match.index, code };
  }
  return best?.code ?? null;
}

/**
 * The procurement method: a stated 采购方式/招标方式 first, then the title, then the first method the body
 * names. Upfront notices (yx, nj, sp) only from a stated method.
 */
export function classifyMethod(
  title: string | null,
  text: string,
  type: AnnouncementTypeCode | null,
): ProcurementMethodCode | null {
  for (const { value } of findLabeled(text, [
    '采购方式',
    '招标方式',
    '采购形式',
    '拟采用采购方式',
    '采购组织形式及方式',
  ])) {
    // `公开招标转竞争性谈判`: the method the procurement went on with.
    const stated = cleanValue(value)?.replace(/^.*转(?=[\u4e00-\u9fa5]{2})/, '');
    const code = stated ? methodIn(stated) : null;
    if (code) return code;
  }
  if (type === 'yx' || type === 'nj' || type === 'sp') return null;
  const named = (title ? methodIn(title) : null) ?? methodIn(text);
  if (named) return named;
  // A 招标公告 that names no method is an open tender: an invited one is a 投标邀请书 or says 邀请招标. So is one
  // that asks 潜在投标人 for the 招标文件 (the open tender's template; 磋商 and 谈判 ask 供应商 for 采购文件). A later
  // notice that only mentions the project's 招标公告 states no method.
  if (/邀请招标|投标邀请书/.test(text)) return null;
  const heading = `${title ?? ''}\n${text.slice(0, 300)}`;
  if (type === 'zb' && /招标公告/.test(heading)) return 'gk';
  return /潜在投标人[^。\n]{0,40}获取(?:[（(][^）)\n]{0,6}[）)])?招标文件/.test(text) ? 'gk' : null;
}

/** Approval-stage words → the catalog's stage codes, most specific first. */
const STAGES: readonly [RegExp, ApprovalStageCode][] = [
  [/竣工验收/, 'jg'],
  [/施工许可/, 'sg'],
  [/施工图/, 'sgt'],
  [/初步设计|初设/, 'cbsj'],
  [/建设工程规划许可/, 'gcgh'],
  [/建设用地规划许可|用地规划许可/, 'ydgh'],
  [/用地预审|选址/, 'yd'],
  [/环境影响|环评/, 'hp'],
  [/节能/, 'jn'],
  [/可行性研究|可研/, 'kxx'],
  [/核准/, 'hz'],
  [/备案/, 'ba'],
  [/项目建议书|立项/, 'lx'],
];

export function approvalStageOf(text: string): ApprovalStageCode | null {
  for (const [pattern, code] of STAGES) if (pattern.test(text)) return code;
  return null;
}
