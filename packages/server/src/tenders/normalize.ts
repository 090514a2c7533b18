import { createHash } from 'node:crypto';
import { READING_NOTE } from '../extract/normalize';

/**
 * NFKC turns full-width letters, digits, brackets and the ideographic space into their ASCII forms, so
 * `（北京）` and `(北京)`, `ＡＢＣ` and `ABC` compare equal. A repost's pinyin readings (`长(cháng)沙`) are no part
 * of a name.
 */
function folded(text: string): string {
  return text.normalize('NFKC').replace(READING_NOTE, '').toLowerCase();
}

/**
 * The identity of a company: `深圳市 华信科技有限公司（南山分公司）` and `深圳市华信科技有限公司(南山分公司)` are one
 * company. Spaces and letter case are ignored; brackets stay, because `XX公司(北京分公司)` is another unit than
 * `XX公司`.
 */
export function normalizeCompanyName(name: string): string {
  return folded(name).replace(/\s+/g, '');
}

/** A title as the de-duplication compares it: without spaces, punctuation and symbols (【】, ——, 、…). */
export function normalizeTitle(title: string): string {
  return folded(title).replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** A project code without spaces, in one letter case (`zjcg-2024 -001` = `ZJCG-2024-001`). */
export function normalizeProjectCode(code: string): string {
  return code.normalize('NFKC').toUpperCase().replace(/\s+/g, '');
}

export interface DedupFacts {
  title: string;
  projectCode: string | null;
  purchaser: string | null;
  /** 'YYYY-MM-DD' */
  publishDate: string;
}

/**
 * The second de-duplication rule (after the source id): the same normalised title, project code, purchaser and
 * publish date is the same notice, whichever site it was copied from. Hashed to keep the unique index small.
 */
export function dedupKey(facts: DedupFacts): string {
  const parts = [
    normalizeTitle(facts.title),
    facts.projectCode ? normalizeProjectCode(facts.projectCode) : '',
    facts.purchaser ? normalizeCompanyName(facts.purchaser) : '',
    facts.publishDate,
  ];
  return createHash('sha256').update(parts.join('\u001f')).digest('hex').slice(0, 32);
}

/**
 * The project key of an item whose source gives none: the purchaser's project code identifies the procurement,
 * so its tender, corrections and result link up without help. Undefined without a project code.
 */
export function derivedProjectKey(projectCode: string | null, purchaser: string | null): string | undefined {
  if (!projectCode) return undefined;
  const code = normalizeProjectCode(projectCode);
  return `code:${purchaser ? normalizeCompanyName(purchaser) : ''}|${code}`;
}
