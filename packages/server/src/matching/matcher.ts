import { SUBSCRIPTION_TYPES } from '@tender/contracts';
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

const TYPE_BIT = new Map<string, number>(SUBSCRIPTION_TYPES.map((type, index) => [type, 1 << index]));

/** spec §3 search type → the fields a word must be found in: 20 title, 30 purchase content, 10 full text. */
const TITLE = 1;
const CONTENT = 2;
const FULL = 4;
const SCOPE_FIELD: Record<number, number> = { 20: TITLE, 30: CONTENT, 10: FULL };
/** Postings are kept per kind and per scope field, so a word found only in the body skips title-scope rules. */
const SCOPE_FIELDS = [TITLE, CONTENT, FULL] as const;
const FILTER_STRIDE = 5;
const partitionOf = (kind: number, field: number) =>
  kind * SCOPE_FIELDS.length + SCOPE_FIELDS.indexOf(field as 1);

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
  /** {@link SUBSCRIPTION_TYPES} (one bit each); empty: every type of the kind. */
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
  /**
   * Per kind and scope field ({@link partitionOf}), CSR by word: the including rules, entry = rule index × 2 + (1
   * when the rule has a structured filter), and the excluding rules, entry = rule index.
   */
  private readonly includeOffsets: Int32Array[];
  private readonly includePostings: Int32Array[];
  private readonly excludeOffsets: Int32Array[];
  private readonly excludePostings: Int32Array[];
  private readonly scopeField: Uint8Array;
  /**
   * The structured filters, one stride per group so a check reads one cache line: type mask, first and end
   * index into `areaCodes`, minimum and maximum amount (NaN: none).
   */
  private readonly filters: Float64Array;
  private readonly areaCodes: Int32Array;
  private readonly includeStart: Int32Array;
  private readonly includeKeywords: Int32Array;

  // Scratch state of the latest match (stamps avoid clearing arrays per item).
  private stamp = 0;
  private readonly keywordStamp: Int32Array;
  private readonly keywordFields: Uint8Array;
  /** The latest item's stamp on each group it decided (matched, filtered out or excluded). */
  private readonly ruleStamp: Int32Array;
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
    this.filters = new Float64Array(ruleCount * FILTER_STRIDE);
    this.includeStart = new Int32Array(ruleCount + 1);
    const areas: number[] = [];
    const includes: number[] = [];
    const partitions = GROUP_KINDS.length * SCOPE_FIELDS.length;
    const includeCounts = Array.from({ length: partitions }, () => new Int32Array(keywordCount + 1));
    const excludeCounts = Array.from({ length: partitions }, () => new Int32Array(keywordCount + 1));
    const partitionOfRule = new Uint8Array(ruleCount);
    const bump = (counts: Int32Array, keyword: number) => {
      counts[keyword + 1] = (counts[keyword + 1] as number) + 1;
    };
    rules.forEach((rule, r) => {
      this.scopeField[r] = SCOPE_FIELD[rule.scope] ?? TITLE;
      let mask = 0;
      for (const type of rule.types) mask |= TYPE_BIT.get(type) ?? 0;
      const slot = r * FILTER_STRIDE;
      this.filters[slot] = mask;
      this.filters[slot + 1] = areas.length;
      for (const code of rule.areaCodes) areas.push(Number(code));
      this.filters[slot + 2] = areas.length;
      this.filters[slot + 3] = rule.minAmountFen ?? Number.NaN;
      this.filters[slot + 4] = rule.maxAmountFen ?? Number.NaN;
      this.includeStart[r] = includes.length;
      const words = ruleWords[r] as { include: number[]; exclude: number[] };
      includes.push(...words.include);
      const partition = partitionOf(GROUP_KINDS.indexOf(rule.kind), this.scopeField[r] as number);
      partitionOfRule[r] = partition;
      for (const keyword of words.include) bump(includeCounts[partition] as Int32Array, keyword);
      for (const keyword of words.exclude) bump(excludeCounts[partition] as Int32Array, keyword);
    });
    this.includeStart[ruleCount] = includes.length;
    this.areaCodes = Int32Array.from(areas);
    this.includeKeywords = Int32Array.from(includes);

    const offsetsOf = (counts: Int32Array[]) =>
      counts.map((count) => {
        for (let k = 0; k < keywordCount; k += 1)
          count[k + 1] = (count[k + 1] as number) + (count[k] as number);
        return count;
      });
    this.includeOffsets = offsetsOf(includeCounts);
    this.excludeOffsets = offsetsOf(excludeCounts);
    this.includePostings = this.includeOffsets.map(
      (offsets) => new Int32Array(offsets[keywordCount] as number),
    );
    this.excludePostings = this.excludeOffsets.map(
      (offsets) => new Int32Array(offsets[keywordCount] as number),
    );
    const includeNext = this.includeOffsets.map((offsets) => offsets.slice(0, keywordCount));
    const excludeNext = this.excludeOffsets.map((offsets) => offsets.slice(0, keywordCount));
    const post = (postings: Int32Array, next: Int32Array, keyword: number, entry: number) => {
      const at = next[keyword] as number;
      postings[at] = entry;
      next[keyword] = at + 1;
    };
    rules.forEach((rule, r) => {
      const partition = partitionOfRule[r] as number;
      const words = ruleWords[r] as { include: number[]; exclude: number[] };
      const filtered =
        rule.types.length > 0 ||
        rule.areaCodes.length > 0 ||
        rule.minAmountFen !== null ||
        rule.maxAmountFen !== null;
      for (const keyword of words.include) {
        post(
          this.includePostings[partition] as Int32Array,
          includeNext[partition] as Int32Array,
          keyword,
          r * 2 + (filtered ? 1 : 0),
        );
      }
      for (const keyword of words.exclude) {
        post(this.excludePostings[partition] as Int32Array, excludeNext[partition] as Int32Array, keyword, r);
      }
    });

    this.keywordStamp = new Int32Array(keywordCount);
    this.keywordFields = new Uint8Array(keywordCount);
    this.ruleStamp = new Int32Array(ruleCount);
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

  /** Whether a rule's structured filters (types, regions, amount) let the item through. */
  private passesFilters(rule: number, item: MatchItem, itemTypes: number): boolean {
    const { filters } = this;
    const slot = rule * FILTER_STRIDE;
    const mask = filters[slot] as number;
    if (mask !== 0 && (mask & itemTypes) === 0) return false;
    const areaEnd = filters[slot + 2] as number;
    let at = filters[slot + 1] as number;
    if (at < areaEnd) {
      const province = item.provinceCode ? Number(item.provinceCode) : -1;
      const city = item.cityCode ? Number(item.cityCode) : -1;
      const district = item.districtCode ? Number(item.districtCode) : -1;
      for (; at < areaEnd; at += 1) {
        const code = this.areaCodes[at] as number;
        if (code === province || code === city || code === district) break;
      }
      if (at === areaEnd) return false;
    }
    const min = filters[slot + 3] as number;
    const max = filters[slot + 4] as number;
    if (!Number.isNaN(min) || !Number.isNaN(max)) {
      // A filtered rule wants a stated amount: an item without one is not in its range.
      const amount = item.amountFen;
      if (amount === null || amount < min || amount > max) return false;
    }
    return true;
  }

  /**
   * The indexes (into `rules`) of the rules the item matches, each once. Exclusions are marked first, so each
   * including rule is decided the first time one of its words is met: one visit per posting, no second pass.
   */
  match(item: MatchItem): number[] {
    const kind = KIND_OF_DOC_TYPE.get(item.docType);
    if (kind === undefined || this.rules.length === 0) return [];
    this.stamp += 1;
    const stamp = this.stamp;
    this.foundKeywords = [];
    this.scanField(item.title, TITLE | FULL);
    this.scanField(item.projectName, FULL);
    this.scanField(item.body, FULL);
    this.scanField(purchaseContent(item.projectName, item.body), CONTENT);

    const { ruleStamp, keywordFields, foundKeywords } = this;
    for (const field of SCOPE_FIELDS) {
      const partition = partitionOf(kind, field);
      const offsets = this.excludeOffsets[partition] as Int32Array;
      const postings = this.excludePostings[partition] as Int32Array;
      for (const keyword of foundKeywords) {
        if (((keywordFields[keyword] as number) & field) === 0) continue;
        const end = offsets[keyword + 1] as number;
        for (let at = offsets[keyword] as number; at < end; at += 1)
          ruleStamp[postings[at] as number] = stamp;
      }
    }

    const itemTypes = (TYPE_BIT.get(item.docType) ?? 0) | (TYPE_BIT.get(item.procurementMethod ?? '') ?? 0);
    const matched: number[] = [];
    for (const field of SCOPE_FIELDS) {
      const partition = partitionOf(kind, field);
      const offsets = this.includeOffsets[partition] as Int32Array;
      const postings = this.includePostings[partition] as Int32Array;
      for (const keyword of foundKeywords) {
        if (((keywordFields[keyword] as number) & field) === 0) continue;
        const end = offsets[keyword + 1] as number;
        for (let at = offsets[keyword] as number; at < end; at += 1) {
          const entry = postings[at] as number;
          const rule = entry >> 1;
          // Already decided for this item: matched, filtered out, or excluded by the pass above.
          if (ruleStamp[rule] === stamp) continue;
          ruleStamp[rule] = stamp;
          if ((entry & 1) !== 0 && !this.passesFilters(rule, item, itemTypes)) continue;
          matched.push(rule);
        }
      }
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
