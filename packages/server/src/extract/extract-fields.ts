import { parseAmount, unitFromLabel } from './amount';
import { bounded } from './bounded';
import { approvalStageOf, classifyAnnouncement, classifyMethod, SECTION_HEADING } from './classify';
import { cleanCode, cleanName, cleanTitleLike, cleanValue, withoutTitleTags } from './clean';
import { contactBlocks, extractContacts } from './contacts';
import { extractDeadlines } from './deadlines';
import { columnValues, findLabeled, type LabeledValue, lineEndAfter, lineStartBefore } from './labels';
import { isMasked } from './masking';
import { decodeEntities, htmlToText, looksLikeHtml, normalizeText } from './normalize';
import { regionOf, regionOfContacts, resolveRegion } from './region';
import type {
  AnnouncementTypeCode,
  ExtractedAmount,
  ExtractedApproval,
  ExtractedFields,
  ExtractOptions,
} from './types';
import { extractWinners, LOT_HEADER } from './winners';

/** Notices longer than this are cut: no real notice is, and every reader stays linear in what it reads. */
const MAX_INPUT_CHARS = 400_000;

/** What a title says it is: a notice, a result, a forecast … */
const TITLE_WORDS = /公告|公示|预告|意向|信息|结果|通知|招标|采购|计划|批复/;

function firstValue<T>(
  text: string,
  labels: readonly string[],
  clean: (value: string) => T | null,
  options: { runTogether?: boolean; ownLine?: boolean } = {},
): T | null {
  for (const { value } of findLabeled(text, labels, 0, text.length, options)) {
    const cleaned = clean(value);
    if (cleaned !== null) return cleaned;
  }
  return null;
}

/** `XX项目磋商公告_中国政府采购网`: the site a page's title names after the notice's. */
const SITE_AFTER_TITLE = /\s*[_|｜–-]\s*[^_|｜–-]{2,20}(?:网|平台|中心)\s*$/;

const SITE_NAME = /^[\u4e00-\u9fa5]{2,16}(?:网|平台|网站|门户|系统)$/;
/** A site's banner: its name (`…招标投标网`), or its footer's credits (`…网 技术支持： 6120684`). */
const SITE_BANNER = /(?:信息|服务|交易|采购|招标|招投标)(?:平台|网)$|技术支持|版权所有|ICP备/;
/** A page's heading over every notice of a kind (`变更公告详情`, `招标公告正文`), or the site's slogan (`…网 - 致力…`). */
const PAGE_HEADING = /^[\u4e00-\u9fa5]{0,6}(?:公告|公示|信息)(?:详情|正文|内容)$|^[^\s]{2,12}网[ ]*[-—|][ ]*/;

function pickTitle(text: string, candidates: readonly (string | undefined)[]): string | null {
  // A title runs to the end of its line: `标题：XX项目 (项目编号:…)公告` holds what reads like a label of its own.
  const statedAt = findLabeled(text, ['公告标题', '标题', '公告名称'])[0];
  const stated = statedAt
    ? cleanTitleLike(text.slice(statedAt.valueIndex, lineEndAfter(text, statedAt.valueIndex)))
    : null;
  const given = candidates
    .map((candidate) =>
      candidate ? normalizeText(candidate).replace(SITE_AFTER_TITLE, '').trim() : undefined,
    )
    // A page's `<title>Report</title>` or `<title>常州市政府采购网</title>` names no notice.
    .filter(
      (candidate): candidate is string =>
        !!candidate && /[\u4e00-\u9fa5]/.test(candidate) && !SITE_NAME.test(candidate),
    );
  const firstLines = text
    .split('\n')
    .slice(0, 5)

    .map((line) => line.replace(SITE_AFTER_TITLE, '').trim())
    .filter(
      (line) =>
        line.length >= 6 &&
        line.length <= 100 &&
        !line.includes('\t') &&
        // `权威 · 及时 · 专业的招投标信息平台`: the site's own banner.
        !SITE_BANNER.test(line) &&
        !PAGE_HEADING.test(line) &&
        // `公示10日,请上述投标人…准时参加开标活动。`: a sentence of a notice whose title was cut off is no title (a
        // title may hold a comma: `XX招标公告-检测标,其他标招标公告`).
        !/[。；;]/.test(line) &&
        (!/[，,]/.test(line) || /(?:公告|公示|结果|通知|预告|意向|信息)$/.test(line)) &&
        // `项目编号：…` is a field, `拟建项目信息：XX项目` a title.
        (!/^[^：:]{1,10}[：:]/.test(line) || /^[^：:]*(?:公告|公示|信息|预告|意向)[：:]/.test(line)),
    );
  const all = [...(stated ? [stated] : []), ...given, ...firstLines];
  return all.find((title) => TITLE_WORDS.test(title)) ?? all[0] ?? null;
}

/** Words a title ends with after the project's name, stripped one by one (longest first). */
const TITLE_SUFFIXES = [
  '合同公告',
  '公告',
  '公示',
  '预告',
  '（预告）',
  '(预告)',
  '信息',
  '结果',
  '更正',
  '变更',
  '澄清',
  '补遗',
  '答疑',
  '终止',
  '中止',
  '暂停',
  '延期',
  '延期开标',
  '情况说明',
  '的情况说明',
  '变更中标人',
  '招标异常',
  '补充通知',
  '异常',
  '征求意见',
  '单一来源',
  '单一来源采购',
  '单一来源采购方式',
  '采用单一来源方式采购',
  '采用单一来源采购方式',
  '的批复',
  '招标简章',
  '简章',
  '获核准',
  '获批复',
  '获批',
  '核准前的',
  '核准前',
  '核准',
  '建议书',
  '可行性研究报告',
  '开标时间',
  '开标',
  '废标',
  '流标',
  '中标',
  '成交',
  '中标（成交）',
  '中标(成交)',
  '候选人',
  // `…物资招标采购推荐的中标候选人公示`
  '推荐',
  '招标文件',
  '采购文件',
  '招标计划',
  '公开招标',
  '邀请招标',
  '竞争性磋商',
  '竞争性谈判',
  '单一来源采购',
  '单一来源',
  '询价',
  '比选',
  '招标',
  '资格预审',
  '询价采购',
  '采购需求',
  '征求意见',
  '采购意向',
  '磋商',
  '谈判',
  '竞价',
  '网上竞价',
  '遴选',
  '二次',
  '及',
  '和',
  '与',
  '的',
].sort((a, b) => b.length - a.length);

/** A code in a title's brackets: `XX项目（项目编号：ZHCG-2020-018）中标公告`, `[ZHCG-2020-018]XX项目…`. */
const TITLE_CODE =
  /[（(【[][ ]*(?:(?:项目|招标|采购)?(?:编号|代码)[ ]*[:：]?[ ]*)?([A-Za-z\d][A-Za-z\d_./-]{3,40})[ ]*[）)】\]]/;

const TITLE_CODE_AT_END = new RegExp(`(?<=[\\u4e00-\\u9fa5）)])[ ]*${TITLE_CODE.source}$`);

/** `标段序号 | 标段内容 | … \n 3204111705230103-BD-004 | …`: the one lot's code in a table of lots. */
function lotCodeInTable(text: string): string | null {
  const codes = columnValues(text, /^(?:标段|标包|包)(?:序号|编号|号)$|^标段[（(]包[）)]编号$/)
    .map((cell) => cell.value.trim())
    .filter((code) => /^[A-Za-z\d][A-Za-z\d_./-]{5,}$/.test(code) && /\d{4}/.test(code));
  return codes.length === 1 && codes[0] ? cleanCode(codes[0]) : null;
}

/** The project code a title states in brackets, when no label states one. */
function projectCodeFromTitle(title: string | null): string | null {
  const code = title ? TITLE_CODE.exec(title)?.[1] : undefined;
  return code && /\d/.test(code) ? cleanCode(code) : null;
}

/** A notice's kind alone (`招标异常公告`, `项目终止`) names no project. */
const KIND_ONLY = /^(?:招标|采购|项目|异常|终止|流标|废标|更正|变更|澄清|公告|公示)+$/;

/** A project name from the title: `XX项目公开招标公告` → `XX项目`, `XX工程招标文件澄清及变更公告` → `XX工程`. */
function projectNameFromTitle(title: string | null): string | null {
  if (!title) return null;
  // `XX局关于YY项目的中标结果公告`: the name is what the notice is about.
  let name = title
    .replace(/^[^，。；\n]{0,40}?关于/, '')
    .replace(TITLE_CODE, '')
    .replace(
      /[（(](?:第[一二三四五六七八九十\d]+次|二次|重新招标|重招|资格[后预]审|电子(?:招投)?标|网上[\u4e00-\u9fa5]{0,6}|不见面开标|公开招标|邀请招标|竞争性谈判|竞争性磋商|询价|单一来源(?:采购)?)[）)]$/,
      '',
    )
    // `XX项目二次招标公告-检测标,其他标招标公告`: the lots the site appends after the notice's own title.
    .replace(/(?<=公告|公示)[ ]*[-—_–|][^-—_–|]+(?:公告|公示)$/, '')
    .trim();
  for (let stripped = true; stripped; ) {
    stripped = false;
    name = name.replace(/[ ]*[-—_–|][ ]*$|[ ]+$/, '');
    for (const suffix of TITLE_SUFFIXES) {
      if (name.endsWith(suffix) && name.length - suffix.length >= 4) {
        name = name.slice(0, -suffix.length);
        stripped = true;
        break;
      }
    }
  }
  // `XX工程完成招标工作`: news that the project's tender is done.
  name = name.replace(/(?:顺利)?完成(?:了)?招标工作$/, '');
  // `XX项目需求公告`: what the project needs is announced, the project is the name.
  name = name.replace(/(?<=项目|服务|工程)需求$/, '');
  // `关于终止XX遴选工作的公告`: what is done to the project is no part of its name.
  name = name.replace(/^(?:终止|暂停|中止|取消|延期)(?=[\u4e00-\u9fa5]{4})/, '');
  if (KIND_ONLY.test(name)) return null;
  // `XX医院2025年3月政府采购意向`: a buyer's list for a month names no one project.
  const listOfPeriod = /(?:政府|\d{1,2}月(?:份)?|年度?|季度|半年)$/.test(name);
  return name !== title && name.length >= 4 && !listOfPeriod ? name : null;
}

const PROJECT_NAME_LABELS = [
  '项目名称',
  '采购项目名称',
  '招标项目名称',
  '工程名称',
  '工程项目名称',
  '原公告的采购项目名称',
  '原公告项目名称',
  '拟建项目名称',
  '建设项目名称',
];

/** The standard templates' part name (标准招标文件 `标段（包）名称`), when no project name is labelled. */
const PART_NAME_LABELS = ['标段（包）名称', '标段(包)名称'];

/** A name a page broke over two lines (`…技术服务` / `采购项目` / `2.采购计划编号：…`) is one name. */
function withContinuedLine(text: string, name: string): string {
  const at = text.indexOf(`${name}\n`);
  if (at === -1) return name;
  const next = /^([^\n:：\t，,。；;]{1,8}(?:项目|工程))\n/.exec(
    text.slice(at + name.length + 1, at + name.length + 12),
  );
  return next?.[1] ? `${name}${next[1]}` : name;
}

/** A notice's kind after a name complete without it (`XX项目比选公告。`); `XX显示器采购公告` is the name a site gives. */
const LABELED_NOTICE_KIND = /(?<=项目|工程)(?:比选|招标|采购|竞价|询价|磋商|谈判)?公告[。.]?$|[。.]$/;

/** What a body's name ends with: 局, 医院, 学校, 后勤保障部, 管理委员会 … */
const BODY_SUFFIX = '(?:局|院|校|学|部|处|中心|公司|委员会|办公室|政府|办事处|所|馆|站|厅|委|集团)';

/** A sentence that opens with the buyer and its project in title marks, then how it buys. */
const BUYER_MARKED_PROJECT = new RegExp(
  `(?:^|\\n)[ ]*(?<buyer>[\\u4e00-\\u9fa5（）()]{3,40}?${BODY_SUFFIX})《(?<project>[^》\\n]{4,60})》(?:项目)?[^\\n。，,、]{0,20}?(?:采购|招标|谈判|磋商|询价)`,
);

const MASK_RUN = /[*＊]{2,}|[×X]{3,}|[#＃]{3,}|[（(][ ]*略[ ]*[）)]/;

/**
 * Whether a name a site masked in the body (`*******年度物业管理服务项目`) is the name its title states in clear
 * (`沈阳现代制造服务学校2026年度物业管理服务项目`): what the mask leaves shows in the title, in order.
 */
function maskFits(masked: string, name: string): boolean {
  const pieces = masked.trim().replace(LABELED_NOTICE_KIND, '').split(MASK_RUN);
  if (pieces.length < 2 || pieces.join('').length < 4) return false;
  // A lone `*` hides a digit or two (`*月` for `1月`); a run of them, any part of the name.
  const escaped = pieces.map((piece) =>
    piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\*|＊/g, '.{1,2}'),
  );
  return new RegExp(`^${escaped.join('.{1,60}?')}$`).test(name);
}

/**
 * Sentences that name the project of a notice that labels none, most trusted first; the name is each one's
 * `project` group.
 */
const PROJECT_SENTENCES: readonly RegExp[] = [
  // A correction citing the notice it corrects: `对2023年8月18日发布的“XX项目询价公告(SC—2023-006)`.
  /发布的[ ]*[“"《](?<project>[^”"》\n]{4,60}?(?:项目|工程|服务|采购))[ ]*(?:询价|招标|采购|磋商|谈判|比选|竞价)?公告/,
  // ccgp: "项目概况\nXX项目 招标项目的潜在投标人应在…"
  /(?:^|\n)(?<project>[^\n]{4,80}?)\s*(?:招标|采购|磋商|谈判|询价)项目的潜在(?:投标人|供应商)/,
  // 标准施工招标文件: "本招标项目XX已由…批准建设"
  /本招标项目(?<project>[^，,。\n]{2,80}?)(?:（项目名称）)?已由/,
  // 江苏's works notices drop 本招标项目: `一、招标条件\n XX工程 已由…审批局以…批准`.
  /(?<=招标条件[ \t]*\n)[ \t]*(?<project>(?![本该此])[^，。\n\t]{2,80}?(?:工程|项目|标段|施工))[ ]*已由[^，。\n]{2,80}?(?:批准|核准|备案|审批)/,
  // "对XX项目（项目编号：…）进行…", "本 XX（招标项目编号：…）已由…", "A就XX项目(项目编号:…)进行…": the name the code
  // is given for.
  /(?:对|本|就)[ ]*(?<project>(?:[^，。；、\n\t（(]|[（(][^）)\n]{1,10}[）)]){4,80}?)[ ]*[（(](?:招标|采购)?项目编号(?:为)?[:：]/,
  // Shanghai's template: `由YY招标服务中心有限公司组织的XX（项目编号:…，项目总金额：…）的竞争性磋商方式的采购`.
  /由[^，,。；;\n]{2,40}?组织的[ ]*(?<project>[^，,。；;\n（(]{4,60}?)[ ]*[（(](?:项目编号|招标编号|采购编号)/,
  // `对 XX、YY服务商选择 项目(采购编号: 202225 )进行…`: the name padded with spaces before 项目.
  /对[ ]+(?<project>(?:[^，。；\n\t（(]|[（(][^）)\n]{1,10}[）)]){4,80}?)[ ]+项目[ ]*[（(](?:招标|采购|项目)编号[:：]/,
  // `A对XX项目进行公开招标`, `…对XX采购项目进行协议采购，结果如下`: the project the opening sentence names.
  /对[ ]*《?(?<project>[^，。；、\n\t《》]{4,60}?(?:项目|工程|服务|采购))》?[ ]*(?:进行了?(?:国内)?(?:公开招标|邀请招标|竞争性磋商|竞争性谈判|询价|单一来源|协议采购|定点采购|公开采购|采购|招标|比选|遴选)|(?:公开招标|邀请招标|竞争性磋商|竞争性谈判|询价采购)(?=[，,。；;\n]))/,
  // `经院务会研究通过，XX改造项目进行对外招标采购`: the project as the subject of the sentence.
  /(?:^|[，,。；;\n])[ ]*(?:就|拟?对|现对|将)?[ ]*(?<project>[^，,。；;、\n\t]{4,60}?(?:项目|工程))[ ]*(?:进行了?|组织)(?:对外|公开|国内)?(?:招标|采购|比选|询价|磋商|谈判)/,
  // An approval: `同意建设XX风电场工程(项目代码…)`, `同意实施XX项目，现就…`, `同意建设XX(南区)热电联产项目(一期)`.
  /同意(?:建设|实施)[ ]*(?<project>(?:[^，,。；;（(\n]|[（(][^）)\n]{1,8}[）)]){4,60}?(?:项目|工程)(?:[（(][一二三四五六七八九十\d]{1,2}期[）)])?)(?=[（(，,。；;]|$)/m,
  // `某某学校《XX改造项目》项目综合评议采购（竞争性谈判）`: the buyer, then its project in title marks.
  BUYER_MARKED_PROJECT,
  // `A公司成为XX服务的中标供应商`: a news item's winner, and the project it won.
  /成为[ ]*(?<project>[^，,。；;、\n\t]{4,60}?)的(?:中标|成交)(?:人|单位|供应商)/,
  // `我所负责组织招标的XX(项目编号:…)`, `由XX医院负责建设的XX工程，招标代理人为…`: the project its body is in charge of.
  /负责(?:组织)?(?:招标|建设)的[ ]*(?<project>[^，,。；;、\n\t（(]{4,60}?)[ ]*(?=[（(，,])/,
  // `原定于…开标的XX工程(路灯采购)的项目终止招标`: the project a termination stops.
  /开标的[ ]*(?<project>[^，,。；;\n\t]{4,60}?)(?:的)?(?:项目)?(?:终止|暂停|中止|延期)/,
  // `XX医院医用耗材采购项目（项目编号：ZB2024-015）已于2024年4月10日…开标`: the project a sentence opens with, its code
  // beside it.
  /(?:^|[，,。；;\n:：])[ ]*(?<project>[^，,。；;、\n\t（(:：]{4,60}?(?:项目|工程|采购|服务))[ ]*[（(](?:招标|采购)?(?:项目)?编号[:：][^）)\n]{2,40}[）)][ ]*(?:已于|于|在|已)/,
  // `“XX代建项目”由我司委托…`: a quoted project opening the notice's sentence.
  /(?:^|\n)[ ]*“(?<project>[^”\n]{4,80}?(?:项目|工程))”(?=由|已|于|经|因)/,
  // `XX项目于2022年4月28日…开标`, `XX工程招标于二○一五年一月…举行`, `我单位项目XX工程于…`: the project a dated
  // sentence is about.
  /(?:^|[，,。；;\n])[ ]*(?:(?:我|本)(?:单位|司|院|校|局)的?(?:项目)?)?(?<project>[^，,。；;、\n\t]{4,60}?(?:项目|工程))(?:招标)?[ ]*(?:于|已于|原计划于|原定于)[ ]*(?:\d{4}|[〇○零一二三四五六七八九]{4})[ ]*年/,
  // `我校XX项目原计划于11月5日…`
  /(?:^|[，,。；;\n])[ ]*(?:我|本)(?:单位|司|院|校|局)(?:的)?(?<project>[^，,。；;、\n\t]{4,60}?项目)(?:原计划|原定)于/,
  // News of a purchase: `我院XX设备进行公开招标采购`, `XX小学校在学校会议室进行学生课桌椅采购竞争性谈判`, `将XX承包经营权面向社会进行公开招标`.
  /(?:^|[，,。；;\n])[ ]*(?:我|本)(?:院|校|局|单位|公司|中心)[ ]*(?<project>[^，,。；;、\n\t]{4,40}?)[ ]*进行(?:了)?(?:公开|对外)?(?:招标|采购)/,
  new RegExp(
    `${BODY_SUFFIX}在[^，,。；;\\n]{2,20}?(?:进行|组织|召开)[ ]*(?<project>[^，,。；;、\\n\\t]{4,40}?)(?:竞争性谈判|竞争性磋商|公开招标|询价|比选会?|评标会议?|开标会议?)`,
  ),
  /将[ ]*(?<project>[^，,。；;\n\t]{4,40}?)[ ]*(?:面向社会)?进行(?:公开)?招标/,
  // News of an evaluation: `召开南校区学生公寓6号、8号楼设计方案评标会议`, `召开了XX工程施工方比选会`, `XX工程施工评标会议于…`.
  /召开了?[ ]*(?<project>[^，,。；;\n\t]{4,40}?)方?(?:评标|比选|开标|评审)会/,
  /(?:^|[，,。；;\n])[ ]*(?<project>[^，,。；;、\n\t]{4,60}?)(?:评标|开标)会议?(?:于|已于)/,
];

/** The first of `patterns`, in their order, that matches `text`. */
function firstMatch(text: string, patterns: readonly RegExp[]): RegExpExecArray | null {
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return match;
  }
  return null;
}

function extractProjectName(text: string, title: string | null): string | null {
  const labeled =
    firstValue(text, PROJECT_NAME_LABELS, cleanTitleLike, { ownLine: true }) ??
    firstValue(text, PART_NAME_LABELS, cleanTitleLike, { ownLine: true });
  // `XX工程（BZGC2016202）`, `XX项目（项目编号：…）`: the code given beside the name is no part of it.
  if (labeled) {
    const name = labeled.replace(TITLE_CODE_AT_END, '').replace(LABELED_NOTICE_KIND, '').trim();
    return withContinuedLine(text, name || labeled);
  }
  // A section heading taken for want of a title (`二、更正信息`) names no project.
  const fromTitle = title && SECTION_HEADING.test(title) ? null : cleanTitleLike(projectNameFromTitle(title));
  const masked = findLabeled(text, PROJECT_NAME_LABELS, 0, text.length, { ownLine: true })[0]?.value;
  if (masked && fromTitle && maskFits(masked, fromTitle)) return fromTitle;
  // A 政府采购合同's heading: `XX项目政府采购合同 (服务类)` over `政府采购合同编号: …`.
  const contract =
    /(?:^|\n)[ ]*([^\n，,。；;:：]{4,80}?)[ ]*政府采购合同[ ]*(?:[（(][^\n]{0,20}?类[^\n]{0,8}?[)）])?[ ]*(?=\n|$|政府采购合同编号)/.exec(
      text,
    );
  // A masked heading (`****年*月…安保服务项目续签合同政府采购合同`) gives way to a title that fits it.
  if (contract?.[1])
    return fromTitle && isMasked(contract[1]) && maskFits(contract[1], fromTitle)
      ? fromTitle
      : cleanTitleLike(contract[1]);
  const column = columnValues(text, /项目名称|采购项目|工程名称/).map((cell) => cleanTitleLike(cell.value));
  if (column.length === 1 && column[0]) return column[0];
  const sentence = firstMatch(text, PROJECT_SENTENCES)?.groups?.project;
  if (sentence) return cleanTitleLike(sentence);
  // A title the site masked (`******医院…采购意向`) names no project, nor does a sentence taken for a title
  // (`根据《关于开展…的通知》…等有关规定，现将…`).
  const unbalanced = (fromTitle?.split('《').length ?? 0) !== (fromTitle?.split('》').length ?? 0);
  if (fromTitle && !unbalanced && !/[，,。；;]/.test(fromTitle)) return fromTitle;
  // `…在安徽省政府采购网发布XX采购项目招标公告`: the project of the notice a later one tells of.
  const published =
    /发布(?:了)?[ ]*《?([^，,。；;、\n\t《》]{4,60}?)》?(?:招标|采购|磋商|谈判|询价|比选)?公告/.exec(text);
  return published?.[1] && /项目|工程/.test(published[1]) && !KIND_ONLY.test(published[1])
    ? cleanTitleLike(published[1])
    : null;
}

const PROJECT_CODE_LABELS = [
  '项目编号',
  '招标编号',
  '采购编号',
  '政府采购编号',
  '采购项目编号',
  '招标项目编号',
  '原公告的采购项目编号',
  '原公告项目编号',
  '项目代码',
  '招标项目代码',
  '项目编码',
  '招标公告编号',
  '交易编号',
  '竞价编号',
  '网上竞价编号',
  '项目招标编号',
  '比选编号',
  '询价编号',
  '磋商编号',
  '谈判编号',
];
/** Numbers of a plan, a lot or a document: the project's code only where the notice states no other. */
/** `…服务项目,招标编号为长轨运服采〔2026〕006号,招标人为…`: the code a sentence gives. */
const CODE_SENTENCE = /(?:项目编号|招标编号|采购编号|项目招标编号)为[ ]*([^\s，,。；;]{4,40})/;

const SECONDARY_CODE_LABELS = [
  '比选代理机构编号',
  '政府采购计划编号',
  '政府采购合同编号',
  '合同编号',
  '采购计划编号',
  '采购计划批号',
  '标段编号',
  '计划编号',
  '标书编号',
  '标段（包）编号',
  '标段(包)编号',
  '招标文件编号',
  '采购文件编号',
];

const BUDGET_LABELS = [
  '预算金额',
  '采购预算',
  '采购预算金额',
  '项目预算',
  '项目预算金额',
  '预算总金额',
  '预算',
  '预算价',
  '采购资金',
  '估算价',
  '估算金额',
  '合同估算价',
  '设计合同估算价',
  '施工合同估算价',
  '监理合同估算价',
  '勘察合同估算价',
  '预计金额',
  '预计采购金额',
  '预算资金',
  '项目总预算',
  '总预算',
  '项目总预算金额',
  '采购预算总金额',
  '采购预算总额',
  '预算金额合计',
  '预算总价',
  '采购预算价',
  '财政预算限额',
  '预算限额',
  '预算上限',
  '资金预算',
  '项目概算',
  '工程概算',
  '概算金额',
  '采购包预算金额',
  '本包预算金额',
  '包预算金额',
  '项目金额',
  '项目总金额',
  '预算总额',
  '财政预算',
];
/** A correction that names a new winner (`变更中标人公告`, `成交结果更正公告`): its winner is the one that stands. */
const RESULT_CHANGED =
  /(?:变更|更正)(?:中标|成交)(?:人|单位|供应商|结果)|(?:中标|成交)(?:人|单位|供应商|结果)(?:的)?(?:变更|更正)/;
/** What the whole project invests: the budget only where the notice states none for what it buys. */
const INVESTMENT_LABELS = ['项目总投资', '总投资', '总投资额', '投资总额', '投资估算', '估算总投资'];
const CEILING_LABELS = [
  '最高限价',
  '招标控制价',
  '控制价',
  '最高投标限价',
  '拦标价',
  '采购最高限价',
  '最高报价',
];

function amountFrom(
  text: string,
  labels: readonly string[],
  header: RegExp,
  sentence?: RegExp,
): ExtractedAmount | null {
  const labeled = findLabeled(text, labels, 0, text.length, { ownLine: true });
  const perLot = lotAmounts(text, labeled);
  if (perLot) return perLot;
  for (const { value, qualifier } of labeled) {
    const amount =
      lotSum(value.split(/[；;，,]/), (part) => parseAmount(part, unitFromLabel(`（${qualifier}）`))) ??
      parseAmount(value, unitFromLabel(`（${qualifier}）`));
    // `预算金额：0.0 万元`: a form's placeholder, not a budget.
    if (amount && amount.fen > 0) return amount;
  }
  // Stated, but masked or not a number (详见附件): null rather than a guess from elsewhere. (A label alone on its
  // line over a lock — an aggregator's summary box — leaves the body's own statement to be read.)
  if (labeled.some((found) => !found.ownLine)) return null;
  const cells = columnValues(text, header);
  if (cells.length === 1 && cells[0]) return parseAmount(cells[0].value, unitFromLabel(cells[0].header));
  // One table of lots (`包号 | … | 预算金额（万元）`): the project's budget is theirs together.
  const table = cells[0]?.headers;
  if (table?.some((cell) => LOT_HEADER.test(cell)) && cells.every((cell) => cell.headers === table)) {
    const summed = cells.map((cell) => parseAmount(cell.value, unitFromLabel(cell.header)));
    if (summed.every((amount) => amount && amount.fen > 0)) return sumOf(summed as ExtractedAmount[]);
  }
  if (sentence) {
    const stated = sentence.exec(text);
    if (stated) return parseAmount(bounded(text, stated.index + stated[0].length));
  }
  return null;
}

const LOT_PART =
  /^[ ]*(?:合同包|采购包|包件?|标段|标包|分包|标项)[ ]*[\d一二三四五六七八九十]+|^[ ]*第?[\d一二三四五六七八九十]+[ ]*(?:包|标段)|[（(](?:合同包|采购包|包|标段)[ ]*[\d一二三四五六七八九十]+[）)]/;

/**
 * `采购包1：预算金额：60万元` / `采购包2：预算金额：60万元`: each lot's sum labelled on its own line, the project's being
 * theirs together — when every labelled sum belongs to a lot.
 */
function lotAmounts(text: string, labeled: readonly LabeledValue[]): ExtractedAmount | null {
  if (labeled.length < 2) return null;
  const amounts: ExtractedAmount[] = [];
  for (const { value, qualifier, index } of labeled) {
    const before = text.slice(lineStartBefore(text, index), index);
    const amount = parseAmount(value, unitFromLabel(`（${qualifier}）`));
    if (!LOT_PART.test(before) || !amount || amount.fen <= 0) return null;
    amounts.push(amount);
  }
  return sumOf(amounts);
}

function sumOf(amounts: readonly ExtractedAmount[]): ExtractedAmount {
  return {
    fen: amounts.reduce((sum, amount) => sum + amount.fen, 0),
    unit: amounts[0]?.unit ?? '元',
    raw: amounts.map((amount) => amount.raw).join(' + '),
  };
}

/**
 * `预算金额：包1：50万元；包2：55.5万元`: a sum per lot, the project's budget being theirs together — unless the value
 * states the total (`合计105.5万元`), which is read as it stands.
 */
function lotSum(
  parts: readonly string[],
  parse: (part: string) => ExtractedAmount | null,
): ExtractedAmount | null {
  const total = parts.find((part) => /合计|总计|共计|总额/.test(part));
  if (total) return parse(total.slice(total.search(/合计|总计|共计|总额/)));
  const lots = parts.filter((part) => LOT_PART.test(part));
  if (lots.length < 2 || lots.length !== parts.filter((part) => part.trim() !== '').length) return null;
  const amounts = lots.map(parse);
  return amounts.every((amount) => amount && amount.fen > 0) ? sumOf(amounts as ExtractedAmount[]) : null;
}

/**
 * The budget: a stated 预算 or 估算价 (a works lot's `估算价（万元）` beside the project's `投资总额`), else the
 * project's investment. A budget stated masked stays null.
 */
function budgetFrom(text: string, type: AnnouncementTypeCode | null): ExtractedAmount | null {
  const budget = amountFrom(text, BUDGET_LABELS, /预算|估算价|估算金额/, BUDGET_SENTENCE);
  if (budget || findLabeled(text, BUDGET_LABELS).length > 0) return budget;
  // An approval's 总投资 is what the construction costs (`approval.totalInvestment`), not what a tender buys.
  return type === 'nj' || type === 'sp' ? null : amountFrom(text, INVESTMENT_LABELS, /投资/);
}

/** An investment stated in a sentence: `项目估算总投资2960万元`, `总投资约为72101.35万元`. */
const INVESTMENT_SENTENCE =
  /(?:估算)?总投资(?:额|估算)?(?:约为?|为|是)?[ ]*(?=(?:人民币)?[ ]*[￥¥]?[ ]*(?:\d|[壹贰叁肆伍陆柒捌玖拾]))/;

/** A budget stated in a sentence: `本项目预算为人民币256.8万元`, `臭氧治疗仪1台，预算金额50万元`. */
const BUDGET_SENTENCE =
  /(?:项目|采购)?预算(?:金额|资金|价)?(?:为|是|约为?)?[ ]*(?=(?:人民币)?[ ]*[￥¥]?[ ]*(?:\d|[壹贰叁肆伍陆柒捌玖拾]))/;

const PURCHASER_LABELS = [
  '采购人',
  '项目建设单位',
  '采购人名称',
  '采购单位',
  '采购单位名称',
  '招标人',
  '招标人名称',
  '招标单位',
  '建设单位',
  '建设单位名称',
  '项目业主',
  '业主单位',
  '项目单位',
  '项目法人',
  '招标方',
  '采购方',
  '业主',
  '发包人',
  '委托单位',
  '招标采购单位',
  '采购人全称',
  '招标人全称',
  '比选人',
  '采购单位全称',
  '询价人',
  '询价单位',
];
const AGENCY_LABELS = [
  '采购代理机构',
  '采购代理机构名称',
  '代理机构',
  '代理机构名称',
  '招标代理机构',
  '招标代理机构名称',
  '招标代理',
  '集中采购机构',
  '集中采购机构名称',
  '代理单位',
  '采购代理单位',
  '招标代理单位',
  '招标代理公司',
  '代理公司',
  '采购代理',
  '代理方',
  '招标代理人',
  '采购代理机构全称',
  '招标代理机构全称',
  '代理机构全称',
  '政府采购代理机构',
  '招标代理单位名称',
  '比选代理机构',
  '代理单位名称',
  '采购代理单位名称',
  '招标代理公司名称',
];

/** The name in a contact section (`1.采购人信息\n名 称：…`). */
function nameInBlock(
  text: string,
  role: 'purchaser' | 'agency',
): { name: string | null; address: string | null } {
  let name: string | null = null;
  let address: string | null = null;
  for (const block of contactBlocks(text)) {
    if (block.role !== role) continue;
    name ??= firstValue(
      block.text,
      ['名称', '单位名称', ...(role === 'purchaser' ? PURCHASER_LABELS : AGENCY_LABELS)],
      cleanName,
      { ownLine: true },
    );
    address ??= firstValue(block.text, ['地址', '单位地址', '联系地址', '详细地址', '通讯地址'], cleanValue);
    if (name && address) break;
  }
  return { name, address };
}

/** Names that are an agency's: 招标/咨询/代理/项目管理/造价 companies. */
const AGENCY_LIKE = /招标|招投标|咨询|代理|项目管理|造价|交易中心|采购中心/;

/**
 * The parties of the opening sentence: "A受B(的)委托，对…" (B the purchaser, A the agency) and "A对XX项目进行了竞争性
 * 磋商" (A the agency when its name reads like one, else the purchaser).
 */
function partiesFromSentences(text: string): { purchaser: string | null; agency: string | null } {
  const commissioned =
    /(?:^|\n|(?<=[。…]|\.{3}))[ ]*([^，,。；;\n.…]{2,60}?)[ ]*受[ ]*([^，,。；;\n]{2,60}?)[ ]*(?:的)?委托/.exec(
      text,
    );
  if (commissioned) {
    const agent = cleanName(commissioned[1]);
    return { purchaser: cleanName(commissioned[2]), agency: agent && AGENCY_LIKE.test(agent) ? agent : null };
  }
  // `受B委托，对XX进行公开招标`: the principal, its agency unnamed.
  const principalOnly = /(?:^|[\n。])[ ]*受[ ]*([^，,。；;\n]{4,60}?)[ ]*(?:的)?委托[，,][ ]*(?:对|就)/.exec(
    text,
  );
  if (principalOnly) return { purchaser: cleanName(principalOnly[1]), agency: null };
  // "受B委托，A就…" and "B委托A，对…": the same parties, written the other way round.
  const onBehalf =
    /(?:^|[\n。])[ ]*受[ ]*([^，,。；;\n]{2,60}?)[ ]*(?:的)?委托[，,][ ]*([^，,。；;\n]{2,60}?)[ ]*(?:就|对|拟对|现对|将)/.exec(
      text,
    ) ??
    // (`授权委托书`, `委托代理协议` are papers, not a commission.)
    /(?:^|[\n。，,])[ ]*([^，,。；;\n受]{2,60}?)[ ]*委托(?!书|函|协议|合同|代理协议)[ ]*([^，,。；;\n]{2,60}?)[ ]*(?:[，,]|就|对)/.exec(
      text,
    );
  const onBehalfAgent = cleanName(onBehalf?.[2]);
  if (onBehalf && onBehalfAgent && AGENCY_LIKE.test(onBehalfAgent)) {
    // `日前灯光办委托…`: a word of time before the principal is no part of its name.
    return {
      purchaser: cleanName(onBehalf[1]?.replace(/^(?:日前|近日|近期|目前|今年|现)/, '')),
      agency: onBehalfAgent,
    };
  }
  const conducted =
    /(?:^|\n)[ ]*([^，,。；;\n对]{4,60}?)[ ]*对[^，,。；;\n]{2,80}?进行了?(?:国内)?(?:公开招标|邀请招标|竞争性磋商|竞争性谈判|询价|单一来源|采购)/.exec(
      text,
    );
  // "XX公司于2011年09月8日在阳光易购电子采购平台发布的采购…项目": the publisher is the buyer (or its agency).
  const published =
    /([\u4e00-\u9fa5（）()]{4,40})于[ ]*\d{4}年\d{1,2}月\d{1,2}日[ ]*在[^，。；\n]{2,30}?发布/.exec(text);
  // `XX局采用定点采购议价方式实施本次采购`: the body that buys by the method.
  const adopted =
    /(?:^|\n)[ ]*([^，,。；;\n]{4,60}?)采用[^，,。；;\n]{2,20}?方式(?:实施|进行|组织|开展)/.exec(text);
  // `中选单位将在XX公司官网公布`: an enterprise's own tender, published on its own site.
  const ownSite =
    /在[ ]*([\u4e00-\u9fa5（）()]{4,40}?(?:公司|集团|医院|大学|学院|学校|局|委员会|政府))官(?:方)?网(?:站)?[^，,。；;\n]{0,60}?(?:发布|公布|公示)/.exec(
      text,
    );
  // The intentions template: `现将聊城市城市管理局本级2024年1至6月采购意向公开如下`: the body whose intentions they are.
  const intending =
    /现将[ ]*([\u4e00-\u9fa5（）()]{4,40}?)[ ]*[\d*X〇零一二三四五六七八九]{2,4}[ ]*年[^\n，,。；;]{0,24}?采购意向(?:公开|公告)?如下/.exec(
      text,
    );
  const subject = cleanName(
    conducted?.[1] ?? published?.[1] ?? adopted?.[1] ?? ownSite?.[1] ?? intending?.[1],
  );
  if (!subject) return { purchaser: null, agency: null };
  return AGENCY_LIKE.test(subject)
    ? { purchaser: null, agency: subject }
    : { purchaser: subject, agency: null };
}

/** A closing date, or what a copy left of one (`年月日` with its digits stripped, `****年**月**日`). */
const SIGNATURE_DATE =
  /^(?:\d{4}|[〇零一二三四五六七八九]{4})\s*[年\-/.]\s*[\d一二三四五六七八九十]{1,2}\s*[月\-/.]\s*[\d一二三四五六七八九十]{1,3}\s*日?$|^[*＊]*\s*年\s*[*＊]*\s*月\s*[*＊]*\s*日$/;
/** A signing body's name: Chinese, ending as a body's name does. */
const BODY_NAME = new RegExp(`^[\\u4e00-\\u9fa5()（）]{3,38}${BODY_SUFFIX}$`);

/** A body's name that neither reads as an agency's nor is the notice's agency. */
function mayBePurchaser(name: string, agency: string | null): boolean {
  return !AGENCY_LIKE.test(name) && name !== agency;
}

/** A trading venue that publishes a notice and signs it beside buyer and agency: neither of them. */
const VENUE = /交易所|交易中心|交易平台|公共资源/;

/**
 * The bodies that sign the notice: the names on the lines just above its closing date, nearest first
 * (`温州市中心医院` / `浙江建航工程咨询有限公司` / date, or buyer, agency and the venue).
 */
function signingBodies(text: string, all = false): string[] {
  const lines = text.split('\n').map((line) => line.trim());
  const scanned = all ? lines : lines.filter(Boolean).slice(-12);
  for (let i = scanned.length - 1; i > 0; i -= 1) {
    if (!SIGNATURE_DATE.test(scanned[i] as string)) continue;
    const bodies: string[] = [];
    for (let j = i - 1; j >= 0 && j >= i - 3 && BODY_NAME.test(scanned[j] as string); j -= 1)
      bodies.push(scanned[j] as string);
    if (bodies.length > 0 || !all) return bodies;
  }
  return [];
}

/**
 * The body that signs the notice: the purchaser of a notice that names no party by label — the nearest signer
 * that neither reads as an agency's, is the agency nor is the venue that published it.
 */
function signingBody(text: string, agency: string | null): string | null {
  const buyer = signingBodies(text).find((name) => mayBePurchaser(name, agency) && !VENUE.test(name));
  return buyer ? cleanName(buyer) : null;
}

/**
 * A heading that puts the buyer before the project's name: `随州市住房和城乡建设局` + `机关食堂管理服务采购项目` +
 * `中标(成交)结果公告`, the name read elsewhere in the notice.
 */
function buyerBeforeProjectName(
  text: string,
  projectName: string | null,
  agency: string | null,
): string | null {
  if (!projectName || projectName.length < 4) return null;
  for (const line of text.split('\n')) {
    const at = line.indexOf(projectName);
    if (at < 4 || at > 40) continue;
    const name = line.slice(0, at).trim();
    if (BODY_NAME.test(name) && mayBePurchaser(name, agency)) return cleanName(name);
  }
  return null;
}

/** An approval's owner: `项目建设单位为XX公司`, `项目单位为XX公司，由其组建…`; `由XX医院负责建设的YY工程`. */
function projectOwner(text: string): string | null {
  return cleanName(
    /(?:项目)?(?:建设单位|项目单位)为[ ]*([^，,。；;\n]{4,40})|由([^，,。；;\n]{4,40}?)负责建设/
      .exec(text)
      ?.slice(1)
      .find(Boolean),
  );
}

/**
 * News of a purchase: `8月6日,江安县西城小学校在学校会议室进行学生课桌椅采购竞争性谈判`, `7月12日,滁州学院召开XX评标会议` —
 * the body that buys.
 */
function reportingBody(text: string, agency: string | null): string | null {
  const name = new RegExp(
    `(?:^|[，,。；;\\n])[ ]*(?:\\d{1,2}月\\d{1,2}日(?:上午|下午)?[，,]?[ ]*)?([\\u4e00-\\u9fa5（）()]{3,40}?${BODY_SUFFIX})(?:在[^，,。；;\\n]{2,20}?(?:进行|组织|召开)|召开了?[^，,。；;\\n]{2,40}?(?:评标|比选|开标|评审)会)`,
  ).exec(text)?.[1];
  // `后勤保障处在处办会议室组织…招标`: a department alone is not the body that buys.
  const department = /^[\u4e00-\u9fa5]{2,6}(?:处|科|部|办|室)$/;
  return name && BODY_NAME.test(name) && !department.test(name) && mayBePurchaser(name, agency)
    ? cleanName(name)
    : null;
}

function markedProjectBuyer(text: string, agency: string | null): string | null {
  const name = BUYER_MARKED_PROJECT.exec(text)?.groups?.buyer;
  return name && BODY_NAME.test(name) && mayBePurchaser(name, agency) ? cleanName(name) : null;
}

/** A title that opens with the buyer: `成都大学附属医院采购食堂餐饮管理服务…公告`, `XX局关于XX项目的招标公告`. */
const BUYER_OPENING_TITLE =
  /^([\u4e00-\u9fa5()（）]{2,30}?(?:医院|大学|学院|学校|中学|小学|幼儿园|局|委员会|办事处|研究院|研究所))(?:关于|采购|的)[^，,。；;]{2,80}(?:公告|公示)$/;

function buyerInTitle(title: string | null, agency: string | null): string | null {
  const opening = title ? BUYER_OPENING_TITLE.exec(title) : null;
  const name = cleanName(opening?.[1]);
  return name && mayBePurchaser(name, agency) ? name : null;
}

/** Both parties under one label: `招标人/招标代理机构：A/B`, `招标人及招标代理机构\nA、B`. */
const COMBINED_PARTY_LABELS = ['招标人', '采购人', '采购单位', '建设单位'].flatMap((buyer) =>
  ['招标代理机构', '采购代理机构', '代理机构', '招标代理'].flatMap((agent) =>
    ['/', '／', '及', '和', '、'].map((joint) => `${buyer}${joint}${agent}`),
  ),
);

function combinedParties(text: string): { purchaser: string; agency: string } | null {
  for (const { value } of findLabeled(text, COMBINED_PARTY_LABELS, 0, text.length, { ownLine: true })) {
    const [purchaser, agency, ...more] = value
      .split(/[/／、；;，,]|[ ]{2,}/)
      .map((part) => cleanName(part))
      .filter((part): part is string => !!part);
    if (purchaser && agency && more.length === 0) return { purchaser, agency };
  }
  return null;
}

/**
 * Prose that names the agency: the national template's `XX项目的潜在供应商应在YY招标有限公司获取采购文件` (where it
 * hands them out), Shanghai's `由YY招标服务中心有限公司组织的XX…的采购`, a report's `抽取YY咨询有限公司代理本项目招标事宜`.
 */
const AGENCY_SENTENCES: readonly RegExp[] = [
  /应在[ ]*(?<name>[\u4e00-\u9fa5（）()]{4,40}?公司)[ ]*(?:[（(][^）)\n]{0,40}[)）])?[ ]*获取/,
  /由[ ]*(?<name>[\u4e00-\u9fa5（）()]{4,40}?(?:公司|中心))组织的/,
  /(?:抽取|选定|确定|委托|由)[ ]*(?<name>[\u4e00-\u9fa5（）()]{4,40}?公司)[ ]*代理(?:本|该|此)(?:项目|次)/,
];

function agencyInProse(text: string): string | null {
  const name = firstMatch(text, AGENCY_SENTENCES)?.groups?.name;
  return name && AGENCY_LIKE.test(name) && !VENUE.test(name) ? cleanName(name) : null;
}

/** An agency's sign-off (`天津国际招标有限公司\n2021年8月31日`), wherever the page puts it: the agency of a notice naming none. */
function signingAgency(text: string): string | null {
  const agent = signingBodies(text, true).find((name) => AGENCY_LIKE.test(name) && !VENUE.test(name));
  return agent ? cleanName(agent) : null;
}

const NAME_BEFORE_BRACKET = String.raw`(?:^|[与和及，,。；;、\s：:])([^\s与和及，,。；;、：:（()）《》]{2,40})[（(]`;
/** `（以下简称"采购人"）`, `（下称：招标人）`: the role a notice names a party by from then on. */
const CALLED = `(?:(?:以下|下文)?简称|下称)[:：]?[ ]*["“”']?`;
const ROLE_IS = /^(?:招标人|采购人|建设单位|项目业主|招标代理(?:机构|人)?|采购代理机构|代理机构)为/;
const PURCHASER_IN_BRACKETS = new RegExp(`${NAME_BEFORE_BRACKET}(?:${CALLED})?(?:采购人|招标人)["“”']?[)）]`);
const AGENCY_AGREEMENT =
  /([^\s与和及，,。；;、：:（()）《》]{2,40})与[^，,。；;\n与]{2,40}[（(](?:采购人|招标人)[)）]签订[^。\n]{0,40}代理/;
const AGENCY_IN_BRACKETS = new RegExp(
  `${NAME_BEFORE_BRACKET}(?:${CALLED})?(?:采购代理机构|招标代理机构|代理机构|采购代理|招标代理)["“”']?[)）]`,
);

function extractParty(text: string, role: 'purchaser' | 'agency', labels: readonly string[]): string | null {
  const labeled = firstValue(text, labels, cleanName, { runTogether: true, ownLine: true });
  if (labeled) return labeled;
  const inBlock = nameInBlock(text, role).name;
  if (inBlock) return inBlock;
  // `睢宁县人民医院(采购人)`, `XX招标有限公司（采购代理机构）`: a name with its role in brackets after it.
  const bracketed = (role === 'purchaser' ? PURCHASER_IN_BRACKETS : AGENCY_IN_BRACKETS).exec(text);
  const sentence = cleanName(
    (role === 'purchaser'
      ? /(?:招标人|项目业主|建设单位|采购人)为([^，,。；;\n]{2,60}?)(?:[，,。；;\n]|$)/.exec(text)
      : /(?:招标代理机构|采购代理机构|代理机构)为([^，,。；;\n]{2,60}?)(?:[，,。；;\n]|$)/.exec(text))?.[1],
  );
  // `…,招标人为XX(以下简称“招标人”)`: the sentence's own `招标人为` is no part of the name.
  const inBrackets = cleanName(bracketed?.[1]?.replace(/^(?:\d+[.、．])?根据/, '').replace(ROLE_IS, ''));
  // `川东北作业分公司(以下简称招标人)` after `招标人为西南油气田川东北作业分公司`: the short name of the full one.
  if (inBrackets)
    return sentence && sentence.length > inBrackets.length && sentence.endsWith(inBrackets)
      ? sentence
      : inBrackets;
  // `根据A与B(采购人)签订的…《委托代理协议》`: A is the agency.
  const agreement = role === 'agency' ? AGENCY_AGREEMENT.exec(text) : null;
  if (agreement?.[1]) return cleanName(agreement[1].replace(/^(?:\d+[.、．])?根据/, ''));
  if (sentence) return sentence;
  const fromSentences = partiesFromSentences(text);
  if (fromSentences[role]) return fromSentences[role];
  // A result table with the parties as columns (`项目名称 | 招标人 | 招标代理机构 | 中标人`): one name in every row.
  const column = columnValues(
    text,
    role === 'purchaser'
      ? /^(?:采购单位|采购人|建设单位|招标人)/
      : /代理(?:机构|单位|公司)?(?:名称)?$|^集中采购机构/,
  ).map((cell) => cleanName(cell.value));
  if (column[0] && column.every((name) => name === column[0])) return column[0];
  return null;
}

const REGION_LABELS = [
  '项目所在地',
  '项目所在地区',
  '项目所在行政区域',
  '所在地区',
  '所属地区',
  '行政区域',
  '行政区划',
  '所属区域',
  '建设地点',
  '项目地点',
  '项目建设地点',
  '项目地址',
  '实施地点',
  '工程地点',
  '区划',
];
const ADDRESS_LABELS = ['采购人地址', '招标人地址', '建设单位地址', '采购单位地址'];

/** 全国投资项目在线审批监管平台's project code: year, area code, industry, kind, serial. */
const INVESTMENT_PROJECT_CODE = /(?<![\d-])\d{4}-\d{6}-\d{2}-\d{2}-\d{6}(?![\d-])/;

function extractApproval(
  text: string,
  title: string | null,
  type: AnnouncementTypeCode | null,
): ExtractedApproval | null {
  const authority = firstValue(
    text,
    [
      '审批机关',
      '审批部门',
      '审批单位',
      '审批机构',
      '核准机关',
      '核准部门',
      '备案机关',
      '备案部门',
      '批准机关',
      '审批（核准、备案）机关',
      '发证机关',
      '发证机构',
      '发证单位',
    ],
    cleanName,
  );
  const approvalCode =
    firstValue(text, ['审批代码', '项目代码', '项目统一代码', '投资项目代码', '项目审批代码'], cleanCode) ??
    // `(项目代码2017-421126-44-02-113321)`: the national investment-project code's own shape, however it is written.
    INVESTMENT_PROJECT_CODE.exec(text)?.[0] ??
    null;
  const documentNumber = firstValue(
    text,
    [
      '批准文号',
      '批复文号',
      '审批文号',
      '核准文号',
      '备案证号',
      '备案编号',
      '备案号',
      '许可证号',
      '许可证编号',
      '施工许可证编号',
      '施工许可证号',
      '规划许可证号',
      '规划许可证编号',
      '证书编号',
      '批文号',
      '文号',
    ],
    cleanCode,
  );
  const stageText = firstValue(
    text,
    [
      '审批事项',
      '审批类型',
      '事项名称',
      '审批阶段',
      '项目阶段',
      '项目进展',
      '办理事项',
      '审批环节',
      '审批内容',
    ],
    cleanValue,
  );
  const stage =
    (stageText ? approvalStageOf(stageText) : null) ??
    (type === 'sp' || type === 'nj' ? (title ? approvalStageOf(title) : null) : null);
  if (!authority && !approvalCode && !documentNumber && !stage) return null;
  if (type !== 'sp' && type !== 'nj' && !authority && !documentNumber) return null;
  const totalInvestment =
    type === 'sp' || type === 'nj' ? amountFrom(text, INVESTMENT_LABELS, /投资/, INVESTMENT_SENTENCE) : null;
  return { authority, approvalCode, documentNumber, stage, totalInvestment };
}

function emptyFields(): ExtractedFields {
  return {
    title: null,
    announcementType: null,
    procurementMethod: null,
    projectName: null,
    projectCode: null,
    budget: null,
    ceilingPrice: null,
    purchaser: null,
    agency: null,
    contacts: null,
    deadlines: null,
    winners: null,
    region: null,
    approval: null,
  };
}

/** Runs one field reader; a reader that fails on odd input gives null for its field, never an exception. */
function safely<T>(read: () => T | null): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/**
 * Reads the structured fields of one Chinese procurement notice from its raw text or HTML (ccgp.gov.cn and
 * 公共资源交易 styles). Every field is null when the notice does not state it or masks it; odd input (empty,
 * binary, huge) gives fields of null, never an exception. docs/data-format.md "Extracted fields".
 */
/**
 * A table a crawler or an app flattened to `项目编号 | 510118… |` rows: its cells tab-separated, as an HTML table
 * comes out of the parser, so labels, columns and result tables read it the same way.
 */
function tabsForPipes(text: string): string {
  return (
    cellLinesJoined(text)
      // A page store's separator alone on its line (`|\n采购单位\n|\n华东交通大学\n|`) holds no cell.
      .replace(/^[ ]*\|[ ]*\n/gm, '')
      // A Markdown table's rule under its header (`|---|:---:|`) is no row.
      .replace(/^[ ]*\|?(?:[ ]*:?-{3,}:?[ ]*\|)+[ ]*:?-*:?[ ]*\n/gm, '')
      .replace(/^[ ]*\|?[^\n|]*[^\n|\s][ ]*\|[^\n]*$/gm, (line) =>
        line
          // A Markdown row's leading pipe (`| 项目编号 | 510118… |`) opens no cell.
          .replace(/^[ ]*\|/, '')
          .split('|')
          .map((cell) => cell.trim())
          .join('\t')
          .replace(/\t+$/, ''),
      )
  );
}

/**
 * A page store that writes each cell of a row on a line of its own (`| 序号 |`, `采购项目名称 |`, `预算金额(万元) |`,
 * then `| 1 |`, …): a row starts at a line opening with a pipe and runs on over the lines that end with one.
 */
function cellLinesJoined(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let inRow = false;
  for (const line of lines) {
    const trimmed = line.trim();
    const endsCell = trimmed.endsWith('|');
    if (inRow && endsCell && !trimmed.startsWith('|')) {
      out[out.length - 1] += ` ${trimmed}`;
      continue;
    }
    inRow = trimmed.startsWith('|') && endsCell && trimmed.length > 1;
    out.push(line);
  }
  return out.join('\n');
}

/**
 * A notice kept inside a string of a crawler's dump (JSON, a log) with its escapes written out: `\\n` for its line
 * breaks, `\\t`, `\\"`, `\\u4e2d`. When such escapes outnumber the real line breaks, they are read as what they
 * stand for.
 */
function unescapedDump(text: string): string {
  const escapes = text.match(/\\(?:[nrt"/\\]|u[\da-fA-F]{4})/g)?.length ?? 0;
  const breaks = text.match(/\n/g)?.length ?? 0;
  if (escapes < 3 || escapes <= breaks) return text;
  return text.replace(/\\(?:u([\da-fA-F]{4})|([nrt"/\\]))/g, (_, hex: string | undefined, char: string) =>
    hex
      ? String.fromCharCode(Number.parseInt(hex, 16))
      : char === 'n'
        ? '\n'
        : char === 'r'
          ? '\r'
          : char === 't'
            ? '\t'
            : char,
  );
}

export function extractFields(input: string, options: ExtractOptions = {}): ExtractedFields {
  if (typeof input !== 'string' || input.trim() === '') return emptyFields();
  const cut = input.length > MAX_INPUT_CHARS ? input.slice(0, MAX_INPUT_CHARS) : input;
  const raw = safely(() => unescapedDump(cut)) ?? cut;
  // A page a database dump keeps entity-escaped (`&lt;p&gt;…`) is HTML once decoded.
  const decoded = options.format === 'html' || looksLikeHtml(raw) ? null : safely(() => decodeEntities(raw));
  const escapedHtml = options.format !== 'text' && decoded !== null && looksLikeHtml(decoded);
  const html = options.format === 'html' || escapedHtml || (options.format !== 'text' && looksLikeHtml(raw));
  const source = escapedHtml ? (decoded as string) : raw;
  const converted = safely(() =>
    html ? htmlToText(source) : { text: decoded ?? decodeEntities(raw), titles: [] },
  );
  if (!converted) return emptyFields();
  const text = safely(() => tabsForPipes(normalizeText(converted.text))) ?? '';
  if (text === '') return emptyFields();

  const title = safely(() => withoutTitleTags(pickTitle(text, [options.title, ...converted.titles])));
  const announcementType = safely(() => classifyAnnouncement(title, text));
  const combined = safely(() => combinedParties(text));
  const agency = safely(
    () =>
      extractParty(text, 'agency', AGENCY_LABELS) ??
      combined?.agency ??
      signingAgency(text) ??
      agencyInProse(text),
  );
  const projectName = safely(() => extractProjectName(text, title));
  const purchaser = safely(
    () =>
      extractParty(text, 'purchaser', PURCHASER_LABELS) ??
      combined?.purchaser ??
      signingBody(text, agency) ??
      buyerInTitle(title, agency) ??
      projectOwner(text) ??
      buyerBeforeProjectName(text, projectName, agency) ??
      markedProjectBuyer(text, agency) ??
      reportingBody(text, agency),
  );
  const address = safely(
    () => firstValue(text, ADDRESS_LABELS, cleanValue) ?? nameInBlock(text, 'purchaser').address,
  );
  const statedRegion = safely(() => [
    ...findLabeled(text, REGION_LABELS).map((found) => found.value),
    // `项目建设地点为中卫市境内`: where an approval says the works are.
    ...(/建设地点(?:为|位于|在)[ ]*([^，,。；;\n]{2,40})/.exec(text)?.slice(1, 2) ?? []),
  ]);

  const approval = safely(() => extractApproval(text, title, announcementType));
  const winners =
    announcementType === 'jg' ||
    announcementType === null ||
    (announcementType === 'bg' && RESULT_CHANGED.test(title ?? ''))
      ? safely(() => extractWinners(text))
      : null;

  const contacts = safely(() => extractContacts(text));

  return {
    title,
    announcementType,
    procurementMethod: safely(() => classifyMethod(title, text, announcementType)),
    projectName,
    // An approval's code is the project's national investment-project code.
    projectCode:
      safely(() => firstValue(text, PROJECT_CODE_LABELS, cleanCode, { ownLine: true, runTogether: true })) ??
      safely(() => cleanCode(CODE_SENTENCE.exec(text)?.[1])) ??
      safely(() => firstValue(text, SECONDARY_CODE_LABELS, cleanCode, { ownLine: true })) ??
      safely(() => lotCodeInTable(text)) ??
      approval?.approvalCode ??
      safely(() => projectCodeFromTitle(title)) ??
      safely(() =>
        projectCodeFromTitle(firstValue(text, PROJECT_NAME_LABELS, cleanTitleLike, { ownLine: true })),
      ),
    budget: safely(() => budgetFrom(text, announcementType)),
    ceilingPrice: safely(() => amountFrom(text, CEILING_LABELS, /最高限价|控制价|拦标价/)),
    purchaser,
    agency,
    contacts,
    deadlines:
      announcementType === 'nj' || announcementType === 'sp' ? null : safely(() => extractDeadlines(text)),
    winners,
    region: safely(
      () =>
        resolveRegion([...(statedRegion ?? []), address, purchaser, projectName, title]) ??
        // A copy that names neither buyer nor place in its fields still names them in its body; the agency and
        // the winners are often from another province.
        regionOf(
          [agency, ...(winners ?? []).map((winner) => winner.supplier)].reduce<string>(
            (body, name) => (name ? body.replaceAll(name, '') : body),
            // `2025年5月6日17:00（北京时间）` names the clock, not the place.
            text.replaceAll('北京时间', ''),
          ),
        ) ??
        // A notice that names no place still rings from one.
        regionOfContacts(contacts),
    ),
    approval,
  };
}
