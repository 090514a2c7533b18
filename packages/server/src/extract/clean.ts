import { bounded } from './bounded';
import { isEmptyValue, isMasked } from './masking';

/** A value as stated, or null when it is masked, a reference to elsewhere or empty. */
export function cleanValue(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = bounded(value).replace(/^[\s:：]+|[\s。；;，,]+$/g, '');
  if (trimmed === '' || isEmptyValue(trimmed) || isMasked(trimmed)) return null;
  return trimmed;
}

/** A name whose characters a site replaced by X (`河南XX招标有限公司`); not X射线 or X光. */
const PLACEHOLDER_X = /(?:^|[\u4e00-\u9fa5])[X×]+(?:$|(?!射线|光)[\u4e00-\u9fa5])/;

/** A role's label where its name should be (the name masked away after it): `招标人`, `采购单位`. */
/**
 * A role or a self-reference where a name should stand (`业主方`, `我司`), a role with what it did (`…由我司委托招标代理机构
 * 公开招标`), or a quoted project (`“XX代建项目”由我司…`): no party's name.
 */
const ROLE_WORD =
  /^(?:招标人|采购人|采购单位|建设单位|项目业主|业主方?|代理机构|招标代理|采购代理机构|招标代理机构|供应商|中标人|我司|我单位|本单位|我院|本院|我校|本校|我局|本局)$|^(?:招标代理机构|采购代理机构|代理机构|招标人|采购人)(?:公开|进行|组织|负责|依法)|^[“"‘']/;

/**
 * An organisation's name from a value: cut at the first clause break (`XX有限公司，中标金额…`, two spaces, a
 * tab), seals and remarks in brackets dropped (`（盖章）`, `（牵头人）`). Null when masked, empty or not name-like
 * (no Chinese character, longer than 60 characters).
 */
export function cleanName(value: string | null | undefined): string | null {
  const stated = cleanValue(value);
  // `代理机构名称：      地址：…`: a party left empty, its value the next field's label.
  if (!stated || /^[\u4e00-\u9fa5]{1,6}[:：]/.test(stated)) return null;
  const name = stated
    .split(/[，,；;。\t]|\s{2,}|\s+(?=[\u4e00-\u9fa5]{2,10}[:：])|\s+(?=[〇零一二\d]{4}[ ]?年)/)[0]
    ?.replace(
      /[（(]\s*(?:盖章|公章|签章|章|牵头人|联合体牵头人|主办方|招标人|采购人|建设单位|甲方)\s*[)）]/g,
      '',
    )
    // `XX医院（以下简称"采购人"）`: the short name a notice gives a party.
    .replace(/[（(]\s*(?:以下|下文)?(?:简称|下称)[^)）]{0,20}[)）]/g, '')
    // A note on a renamed body: `…办公室 (现…综合管理部)`.
    .replace(/\s*[（(][现原][^)）]*[)）]$/, '')
    .replace(/[:：\s]+$/, '')
    .trim();
  if (
    !name ||
    name.length < 2 ||
    name.length > 60 ||
    !/[\u4e00-\u9fa5]/.test(name) ||
    isMasked(name) ||
    PLACEHOLDER_X.test(name) ||
    /[《》]/.test(name) ||
    ROLE_WORD.test(name)
  )
    return null;
  return name;
}

/**
 * A project code: the first token of the value (codes have no spaces), kept when it has a digit or a Latin
 * letter and is not longer than 60 characters.
 */
export function cleanCode(value: string | null | undefined): string | null {
  const stated = cleanValue(value);
  if (!stated) return null;
  // `投资项目代码:(2406-441826-04-01-514275)`: a code wrapped whole in brackets, and the sentence going on after it
  // (`项目编号:(ORDOSKBSCG-G20180104)的政府采购活动中`).
  let code = (stated.split(/[\s，,；;。、]/)[0] ?? '').replace(
    /^[（(]([^（()）]+)[)）](?:(?=的|于).*)?(?![\dA-Za-z_./-])/,
    '$1',
  );
  // `N5100012025000123（招标文件编号：SCZC-2025-001）`: a second code given in brackets after the first.
  code = code.replace(/(?<=[\dA-Za-z])[（(][\u4e00-\u9fa5]{2,12}[:：].*$/, '');
  // `A4313810001000038项目所属区域：冷水江市`: a crawler's header runs the next field's label onto the code.
  code = code.replace(/(?<=[\dA-Za-z])[\u4e00-\u9fa5]{2,10}[:：].*$/, '');
  // A closing bracket without its opening one ends the code: `（招标编号：SXJY-2025-SG-017）于…`.
  let depth = 0;
  for (let i = 0; i < code.length; i += 1) {
    const char = code[i] ?? '';
    if ('（([［〔【'.includes(char)) depth += 1;
    if (')）]］〕】'.includes(char)) {
      if (depth === 0) {
        code = code.slice(0, i);
        break;
      }
      depth -= 1;
    }
  }
  if (!code || code.length > 60 || !/[\dA-Za-z]/.test(code) || isMasked(code)) return null;
  return code;
}

/**
 * What sits before a name and is not part of it: a site's tags (`[电子化][公开招标]`, `【重新招标】`), the heading
 * it follows on a flattened page (`项目概况 …`), a reference back (`该校…`).
 */
const TITLE_TAGS =
  /^(?:(?:\[[^\]\n]{1,8}\]|【[^】\n]{1,8}】)\s*)+|^项目概况\s+|^该(?=校|院|单位)[校院]?(?:单位)?/;

/** A title without the site's tags before it (`[电子化][公开招标]…`). */
export function withoutTitleTags(title: string | null): string | null {
  return title === null ? null : title.replace(TITLE_TAGS, '').trim() || title;
}

/** A project name: the value up to its end of clause, kept when it reads like one (2–120 characters). */
export function cleanTitleLike(value: string | null | undefined): string | null {
  const stated = cleanValue(value);
  if (!stated) return null;
  const name =
    stated
      .split(/\t|\s{2,}/)[0]
      ?.replace(TITLE_TAGS, '')
      .trim() ?? '';
  if (name.length < 2 || name.length > 120 || !/[\u4e00-\u9fa5]/.test(name)) return null;
  return name;
}
