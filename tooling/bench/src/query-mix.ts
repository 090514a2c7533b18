import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

export type Mode = 'precise' | 'smart' | 'fuzzy';
export type Scope = 'full' | 'title' | 'content';

/** Filters as the mix sends them to the endpoint, with what the baselines compare. */
export interface MixFilters {
  docchnnel?: string[];
  /** Endpoint form: six-digit codes or selArea node codes. */
  area?: string[];
  /** The same regions as GB/T 2260 columns for the baselines. */
  regions?: { column: 'province_code' | 'city_code' | 'district_code'; code: string }[];
  amount?: string;
  startDate?: string;
  endDate?: string;
  industry?: string[];
}

export interface MixQuery {
  id: number;
  terms: string[];
  mode: Mode;
  scope: Scope;
  filters: MixFilters;
  /** One term of two characters: the queries of the "2-character terms" ratio. */
  twoCharacter: boolean;
  /** How common the first term is in the sample: common (≥ 5 %), medium, rare (< 0.1 %). */
  tier: 'common' | 'medium' | 'rare';
}

export const SEARCH_TYPE = { full: 10, title: 20, content: 30 } as const;
export const SEARCH_PATTERN = { precise: 30, smart: 20, fuzzy: 10 } as const;

/** A small deterministic generator (mulberry32): the mix is the same on every run and machine. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}

const HAN_ONLY = /^\p{Script=Han}+$/u;

interface Sample {
  titles: string[];
  texts: string[];
  cities: string[];
  industries: string[];
}

/** The first `count` records of the corpus file: where the mix's words and filter values come from. */
async function readSample(path: string, count: number): Promise<Sample> {
  const sample: Sample = { titles: [], texts: [], cities: [], industries: [] };
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as {
      title: string;
      body: string;
      projectName?: string;
      region?: { cityCode?: string | null };
      industryCode?: string;
    };
    sample.titles.push(record.title);
    sample.texts.push(`${record.title}\n${record.projectName ?? ''}\n${record.body}`);
    if (record.region?.cityCode) sample.cities.push(record.region.cityCode);
    if (record.industryCode) sample.industries.push(record.industryCode);
    if (sample.titles.length >= count) break;
  }
  lines.close();
  return sample;
}

/**
 * Search words as people type them: jieba words of the sample's titles (two characters or more, Han only) and
 * runs of two or three neighbouring words (医疗设备采购), 2–8 characters, each with the share of sample items
 * that contain it.
 */
function termPool(sample: Sample): Map<number, { term: string; share: number }[]> {
  const jieba = Jieba.withDict(dict);
  const candidates = new Set<string>();
  for (const title of sample.titles.slice(0, 4000)) {
    const words = jieba.cut(title, false).filter((word) => HAN_ONLY.test(word));
    words.forEach((word, index) => {
      const runs = [word, words.slice(index, index + 2).join(''), words.slice(index, index + 3).join('')];
      for (const run of runs) {
        const length = Array.from(run).length;
        if (length >= 2 && length <= 8 && HAN_ONLY.test(run)) candidates.add(run);
      }
    });
  }
  const texts = sample.texts.slice(0, 3000);
  // How many texts hold each candidate: every substring of 2–8 characters looked up once per text.
  const hits = new Map<string, number>();
  for (const text of texts) {
    const seen = new Set<string>();
    for (let start = 0; start < text.length; start += 1) {
      for (let length = 2; length <= 8 && start + length <= text.length; length += 1) {
        const piece = text.slice(start, start + length);
        if (candidates.has(piece)) seen.add(piece);
      }
    }
    for (const piece of seen) hits.set(piece, (hits.get(piece) ?? 0) + 1);
  }
  const pool = new Map<number, { term: string; share: number }[]>();
  for (const term of [...candidates].sort()) {
    const length = Array.from(term).length;
    const list = pool.get(length) ?? [];
    list.push({ term, share: (hits.get(term) ?? 0) / texts.length });
    pool.set(length, list);
  }
  return pool;
}

const NODE_AREAS: { area: string; column: 'province_code' | 'city_code' | 'district_code'; code: string }[] =
  [
    { area: '广东省_深圳市', column: 'city_code', code: '440300' },
    { area: '浙江省_杭州市', column: 'city_code', code: '330100' },
    { area: '四川省_成都市', column: 'city_code', code: '510100' },
    { area: '北京市_海淀区', column: 'district_code', code: '110108' },
    { area: '江苏省_全部', column: 'province_code', code: '320000' },
  ];

function daysBefore(until: string, days: number): string {
  const date = new Date(`${until}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * The fixed query mix: `general` queries cycling through every mode × scope with 1–4 terms of 2–8 characters
 * (common, medium and rare), half of them with filters (type, region, amount, date, industry), plus
 * `twoCharacter` single two-character terms over every mode and scope for the 2-character ratio.
 */
export async function buildQueryMix(
  corpusPath: string,
  until: string,
  options: { general?: number; twoCharacter?: number } = {},
): Promise<MixQuery[]> {
  const sample = await readSample(corpusPath, 5000);
  const pool = termPool(sample);
  const rng = random(20_260_331);
  const tierOf = (share: number) => (share >= 0.05 ? 'common' : share >= 0.001 ? 'medium' : 'rare');
  const pickTerm = (length: number, tier: 'common' | 'medium' | 'rare') => {
    const list = pool.get(length) ?? pool.get(2) ?? [];
    const inTier = list.filter((entry) => tierOf(entry.share) === tier);
    return rng.pick(inTier.length ? inTier : list);
  };
  const modes: Mode[] = ['precise', 'smart', 'fuzzy'];
  const scopes: Scope[] = ['full', 'title', 'content'];
  const lengths = [2, 2, 2, 3, 4, 4, 4, 5, 6, 7, 8];
  const termCounts = [1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4];
  const tiers = ['common', 'common', 'medium', 'medium', 'rare'] as const;

  const filtersFor = (): MixFilters => {
    if (rng.next() < 0.5) return {};
    const filters: MixFilters = {};
    const kinds = ['type', 'region', 'amount', 'date', 'industry'];
    const chosen = new Set([rng.pick(kinds), ...(rng.next() < 0.4 ? [rng.pick(kinds)] : [])]);
    if (chosen.has('type')) filters.docchnnel = [rng.pick(['zb', 'jg', 'gk', 'yx', 'nj'])];
    if (chosen.has('region')) {
      if (rng.next() < 0.5) {
        const node = rng.pick(NODE_AREAS);
        filters.area = [node.area];
        filters.regions = [{ column: node.column, code: node.code }];
      } else {
        const city = rng.pick(sample.cities);
        const province = `${city.slice(0, 2)}0000`;
        filters.area = [province];
        filters.regions = [{ column: 'province_code', code: province }];
      }
    }
    if (chosen.has('amount')) filters.amount = rng.pick(['0,50', '50,100', '100,500', '500,1000', '1000,']);
    if (chosen.has('date')) {
      const [from, to] = rng.pick([
        [30, 0],
        [90, 0],
        [395, 365],
      ] as const);
      filters.startDate = daysBefore(until, from);
      filters.endDate = daysBefore(until, to);
    }
    if (chosen.has('industry')) filters.industry = [rng.pick(sample.industries)];
    return filters;
  };

  const queries: MixQuery[] = [];
  const general = options.general ?? 240;
  for (let i = 0; i < general; i += 1) {
    const count = rng.pick(termCounts);
    const tier = rng.pick(tiers);
    const terms: string[] = [];
    let firstShare = 0;
    while (terms.length < count) {
      const entry = pickTerm(rng.pick(lengths), terms.length === 0 ? tier : 'common');
      if (terms.length === 0) firstShare = entry.share;
      if (!terms.includes(entry.term)) terms.push(entry.term);
    }
    queries.push({
      id: queries.length,
      terms,
      mode: modes[i % 3] as Mode,
      scope: scopes[Math.floor(i / 3) % 3] as Scope,
      filters: filtersFor(),
      twoCharacter: terms.length === 1 && Array.from(terms[0] ?? '').length === 2,
      tier: tierOf(firstShare),
    });
  }
  const twoCharacter = options.twoCharacter ?? 60;
  for (let i = 0; i < twoCharacter; i += 1) {
    const tier = tiers[i % tiers.length] ?? 'common';
    const entry = pickTerm(2, tier);
    queries.push({
      id: queries.length,
      terms: [entry.term],
      mode: modes[i % 3] as Mode,
      scope: scopes[Math.floor(i / 3) % 3] as Scope,
      filters: i % 4 === 3 ? filtersFor() : {},
      twoCharacter: true,
      tier: tierOf(entry.share),
    });
  }
  return queries;
}
