import { purchaseContent } from '../search/purchase-content';
import { normalizeForSearch } from '../search/tokens';
import { KeywordAutomaton } from './automaton';

/** Which items a keyword group looks at (migrations/0009_subscriptions.sql). */
export const GROUP_KINDS = ['tender', 'award', 'early', 'project'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

export const KIND_DOC_TYPES: Record<GroupKind, readonly string[]> = {
  tender: ['zb', 'bg'],
  award: ['jg'],
  early: ['yg', 'yx'],
  project: ['nj', 'sp'],
};

const KIND_OF_DOC_TYPE = new Map<string, number>(
  GROUP_KINDS.flatMap((kind, index) => KIND_DOC_TYPES[kind].map((type) => [type, index] as const)),
);

/** The types filter's vocabulary: announcement types and the 招标公告's procurement methods, one bit each. */
export const FILTER_TYPES = [
  'zb',
  'bg',
  'jg',
  'yg',
  'yx',
  'nj',
  'sp',
  'gk',
  'yq',
  'tp',
  'cs',
  'dy',
  'xj',
] as const;
const TYPE_BIT = new Map<string, number>(FILTER_TYPES.map((type, index) => [type, 1 << index]));

/** spec §3 search type → the fields a word must be found in: 20 title, 30 purchase content, 10 full text. */
const TITLE = 1;
const CONTENT = 2;
const FULL = 4;
const SCOPE_FIELD: Record<number, number> = { 20: TITLE, 30: CONTENT, 10: FULL };

export interface MatchRule {
  groupId: number;
  userId: number;
  brandId: string;
  kind: GroupKind;
  includeWords: readonly string[];
  excludeWords: readonly string[];
  scope: 10 | 20 | 30;
  /** GB/T 2260 codes; empty: anywhere. */
  areaCodes: readonly string[];
  /** {@link FILTER_TYPES}; empty: every type of the kind. */
  types: readonly string[];
  minAmountFen: number | null;
  maxAmountFen: number | null;
}

export interface MatchItem {
  docType: string;
  procurementMethod: string | null;
  title: string;
  projectName: string | null;
  body: string;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  /** What the amount filter compares: award for results, else budget; total investment for projects. */
  amountFen: number | null;
}

/** The word as the matcher compares it: search's normalisation (NFKC, lower case), spaces removed. */
export function normalizeKeyword(word: string): string {
  return normalizeForSearch(word).replace(/\s+/g, '');
}

/**
 * Every rule compiled once: one automaton over the distinct words of all rules, and per kind of item a posting
 * list per word (the rules that include or exclude it). An item is scanned once per field; each word found fans
 * out to its rules; a rule that got an include word in its scope and no exclude word there is then checked
 * against its structured filters (types, regions, amount), kept in typed arrays.
 */
export class CompiledRules {
  readonly rules: readonly MatchRule[];
  private readonly automaton: KeywordAutomaton;
  private readonly keywords: string[];
  /** Per kind: CSR postings, entry = rule index × 2 + (1 if excluded). */
  private readonly postingStart: Int32Array[];
  private readonly postings: Int32Array[];
  private readonly scopeField: Uint8Array;
  private readonly typeMask: Int32Array;
  private readonly areaStart: Int32Array;
  private readonly areaCodes: Int32Array;
  private readonly minAmount: Float64Array;
  private readonly maxAmount: Float64Array;
  private readonly includeStart: Int32Array;
  private readonly includeKeywords: Int32Array;

  // Scratch state of the latest match (stamps avoid clearing arrays per item).
  private stamp = 0;
  private readonly keywordStamp: Int32Array;
  private readonly keywordFields: Uint8Array;
  private readonly ruleStamp: Int32Array;
  private readonly excludedStamp: Int32Array;
  private foundKeywords: number[] = [];

  constructor(rules: readonly MatchRule[]) {
    this.rules = rules;
    const keywordIndex = new Map<string, number>();
    const indexOf = (word: string) => {
      const normalized = normalizeKeyword(word);
      if (!normalized) return -1;
      let index = keywordIndex.get(normalized);
      if (index === undefined) {
        index = keywordIndex.size;
        keywordIndex.set(normalized, index);
      }
      return index;
    };
    const ruleWords = rules.map((rule) => ({
      include: [...new Set(rule.includeWords.map(indexOf).filter((index) => index >= 0))],
      exclude: [...new Set(rule.excludeWords.map(indexOf).filter((index) => index >= 0))],
    }));
    this.keywords = [...keywordIndex.keys()];
    const keywordCount = this.keywords.length;
    this.automaton = new KeywordAutomaton(this.keywords);

    const ruleCount = rules.length;
    this.scopeField = new Uint8Array(ruleCount);
    this.typeMask = new Int32Array(ruleCount);
    this.areaStart = new Int32Array(ruleCount + 1);
    this.minAmount = new Float64Array(ruleCount);
    this.maxAmount = new Float64Array(ruleCount);
    this.includeStart = new Int32Array(ruleCount + 1);
    const areas: number[] = [];
    const includes: number[] = [];
    const counts = GROUP_KINDS.map(() => new Int32Array(keywordCount + 1));
    rules.forEach((rule, r) => {
      this.scopeField[r] = SCOPE_FIELD[rule.scope] ?? TITLE;
      let mask = 0;
      for (const type of rule.types) mask |= TYPE_BIT.get(type) ?? 0;
      this.typeMask[r] = mask;
      this.areaStart[r] = areas.length;
      for (const code of rule.areaCodes) areas.push(Number(code));
      this.minAmount[r] = rule.minAmountFen ?? Number.NaN;
      this.maxAmount[r] = rule.maxAmountFen ?? Number.NaN;
      this.includeStart[r] = includes.length;
      const words = ruleWords[r] as { include: number[]; exclude: number[] };
      includes.push(...words.include);
      const count = counts[GROUP_KINDS.indexOf(rule.kind)] as Int32Array;
      for (const keyword of [...words.include, ...words.exclude])
        count[keyword + 1] = (count[keyword + 1] as number) + 1;
    });
    this.areaStart[ruleCount] = areas.length;
    this.includeStart[ruleCount] = includes.length;
    this.areaCodes = Int32Array.from(areas);
    this.includeKeywords = Int32Array.from(includes);

    this.postingStart = counts.map((count) => {
      for (let k = 0; k < keywordCount; k += 1)
        count[k + 1] = (count[k + 1] as number) + (count[k] as number);
      return count;
    });
    this.postings = this.postingStart.map((start) => new Int32Array(start[keywordCount] as number));
    const fill = this.postingStart.map((start) => start.slice(0, keywordCount));
    rules.forEach((rule, r) => {
      const kind = GROUP_KINDS.indexOf(rule.kind);
      const postings = this.postings[kind] as Int32Array;
      const next = fill[kind] as Int32Array;
      const words = ruleWords[r] as { include: number[]; exclude: number[] };
      const post = (keyword: number, entry: number) => {
        const at = next[keyword] as number;
        postings[at] = entry;
        next[keyword] = at + 1;
      };
      for (const keyword of words.include) post(keyword, r * 2);
      for (const keyword of words.exclude) post(keyword, r * 2 + 1);
    });

    this.keywordStamp = new Int32Array(keywordCount);
    this.keywordFields = new Uint8Array(keywordCount);
    this.ruleStamp = new Int32Array(ruleCount);
    this.excludedStamp = new Int32Array(ruleCount);
  }

  get keywordCount(): number {
    return this.keywords.length;
  }

  private scanField(text: string | null, fields: number): void {
    if (!text) return;
    const { keywordStamp, keywordFields, stamp, foundKeywords } = this;
    this.automaton.scan(normalizeForSearch(text), (keyword) => {
      if (keywordStamp[keyword] !== stamp) {
        keywordStamp[keyword] = stamp;
        keywordFields[keyword] = fields;
        foundKeywords.push(keyword);
      } else {
        keywordFields[keyword] = (keywordFields[keyword] as number) | fields;
      }
    });
  }

  /** The indexes (into `rules`) of the rules the item matches, each once. */
  match(item: MatchItem): number[] {
    const kind = KIND_OF_DOC_TYPE.get(item.docType);
    if (kind === undefined || this.rules.length === 0) return [];
    this.stamp += 1;
    const stamp = this.stamp;
    this.foundKeywords = [];
    this.scanField(item.title, TITLE | FULL);
    this.scanField(item.projectName, FULL);
    this.scanField(item.body, FULL);
    this.scanField(purchaseContent(item.projectName, item.body), CONTENT | FULL);

    const postingStart = this.postingStart[kind] as Int32Array;
    const postings = this.postings[kind] as Int32Array;
    const { scopeField, ruleStamp, excludedStamp, keywordFields } = this;
    const candidates: number[] = [];
    for (const keyword of this.foundKeywords) {
      const fields = keywordFields[keyword] as number;
      const end = postingStart[keyword + 1] as number;
      for (let at = postingStart[keyword] as number; at < end; at += 1) {
        const entry = postings[at] as number;
        const rule = entry >> 1;
        if ((fields & (scopeField[rule] as number)) === 0) continue;
        if (entry & 1) {
          excludedStamp[rule] = stamp;
        } else if (ruleStamp[rule] !== stamp) {
          ruleStamp[rule] = stamp;
          candidates.push(rule);
        }
      }
    }
    if (candidates.length === 0) return candidates;

    const itemTypes = (TYPE_BIT.get(item.docType) ?? 0) | (TYPE_BIT.get(item.procurementMethod ?? '') ?? 0);
    const province = item.provinceCode ? Number(item.provinceCode) : -1;
    const city = item.cityCode ? Number(item.cityCode) : -1;
    const district = item.districtCode ? Number(item.districtCode) : -1;
    const amount = item.amountFen;
    const matched: number[] = [];
    for (const rule of candidates) {
      if (excludedStamp[rule] === stamp) continue;
      const mask = this.typeMask[rule] as number;
      if (mask !== 0 && (mask & itemTypes) === 0) continue;
      const areaEnd = this.areaStart[rule + 1] as number;
      let areaStart = this.areaStart[rule] as number;
      if (areaStart < areaEnd) {
        for (; areaStart < areaEnd; areaStart += 1) {
          const code = this.areaCodes[areaStart] as number;
          if (code === province || code === city || code === district) break;
        }
        if (areaStart === areaEnd) continue;
      }
      const min = this.minAmount[rule] as number;
      const max = this.maxAmount[rule] as number;
      if (!Number.isNaN(min) || !Number.isNaN(max)) {
        // A filtered rule wants a stated amount: an item without one is not in its range.
        if (amount === null || amount < min || amount > max) continue;
      }
      matched.push(rule);
    }
    return matched;
  }

  /** The include words of a rule the latest `match` found in the rule's scope (normalised). */
  foundWords(rule: number): string[] {
    const words: string[] = [];
    const scope = this.scopeField[rule] as number;
    const end = this.includeStart[rule + 1] as number;
    for (let at = this.includeStart[rule] as number; at < end; at += 1) {
      const keyword = this.includeKeywords[at] as number;
      if (
        this.keywordStamp[keyword] === this.stamp &&
        ((this.keywordFields[keyword] as number) & scope) !== 0
      ) {
        words.push(this.keywords[keyword] as string);
      }
    }
    return words;
  }
}
