import {
  CompiledRules,
  generateCorpus,
  type MatchItem,
  type MatchRule,
  normalizeForSearch,
  normalizeKeyword,
  purchaseContent,
  wordTokens,
} from '@tender/server';

/**
 * The subscription matcher (src/matching) at scale: 100k users × 10 groups × 5 words = 500k groups, the words
 * drawn Zipf-distributed from the corpus's own vocabulary, matched against 10k corpus items on one core, beside
 * the naive loop over every group (on a sample of the items, extrapolated) whose answers must equal the matcher's.
 */

const DEFAULTS = { users: 100_000, groupsPerUser: 10, wordsPerGroup: 5, items: 10_000, naiveSample: 20 };
const TARGETS = { itemsPerSecond: 2_000, overNaive: 100 };
/** Words in more than this share of titles are boilerplate (公告, 项目, 采购 …): nobody subscribes to them. */
const BOILERPLATE_SHARE = 0.05;
const KINDS = ['tender', 'award', 'early', 'project'] as const;
const KIND_TYPES: Record<(typeof KINDS)[number], string[]> = {
  tender: ['zb', 'bg'],
  award: ['jg'],
  early: ['yg', 'yx'],
  project: ['nj', 'sp'],
};
const PROVINCES = [
  '110000',
  '310000',
  '440000',
  '320000',
  '330000',
  '370000',
  '510000',
  '420000',
  '430000',
  '610000',
];

/** A small deterministic generator (mulberry32): the same rules every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function log(message: string) {
  process.stderr.write(`[matching] ${message}\n`);
}

function percentile(sorted: Float64Array, share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

function corpusItems(size: number): MatchItem[] {
  const items: MatchItem[] = [];
  for (const record of generateCorpus({ seed: 'bench-matching', size, until: '2026-03-31' })) {
    const type = record.announcementType;
    const project = type === 'nj' || type === 'sp';
    items.push({
      docType: type,
      procurementMethod: record.procurementMethod ?? null,
      title: record.title,
      projectName: record.projectName ?? null,
      body: record.body,
      provinceCode: record.region?.provinceCode ?? null,
      cityCode: record.region?.cityCode ?? null,
      districtCode: record.region?.districtCode ?? null,
      amountFen: project
        ? (record.construction?.totalInvestment?.fen ?? null)
        : type === 'jg'
          ? (record.award?.fen ?? record.budget?.fen ?? null)
          : (record.budget?.fen ?? null),
    });
  }
  return items;
}

/**
 * The corpus vocabulary: the jieba words (2+ Han characters) of the titles and the phrases of two neighbouring
 * words (医疗设备, 物业管理服务 — what people subscribe to), each seen in at least two titles, boilerplate out.
 */
function vocabulary(items: readonly MatchItem[]): { words: string[]; boilerplate: number } {
  const documentFrequency = new Map<string, number>();
  const han = /^\p{Script=Han}{2,}$/u;
  for (const item of items) {
    const words = wordTokens(item.title).map((token) => token.lexeme);
    const terms = new Set<string>();
    words.forEach((word, index) => {
      if (!han.test(word)) return;
      terms.add(word);
      const next = words[index + 1];
      if (next && han.test(next)) terms.add(`${word}${next}`);
    });
    for (const term of terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const ranked = [...documentFrequency]
    .filter(([, count]) => count >= 2)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const limit = items.length * BOILERPLATE_SHARE;
  const words = ranked.filter(([, count]) => count <= limit).map(([word]) => word);
  return { words, boilerplate: ranked.length - words.length };
}

/** Zipf (s = 1) over the ranked words: rank r is drawn with probability ∝ 1/r. */
function zipfSampler(size: number, next: () => number): () => number {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let rank = 0; rank < size; rank += 1) {
    total += 1 / (rank + 1);
    cumulative[rank] = total;
  }
  return () => {
    const target = next() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/**
 * Subscribed words by popularity: `random` (default) ranks the vocabulary in a seeded random order — how popular a
 * word is as a subscription does not follow how often titles use it; `frequency` makes the most frequent title
 * words the most subscribed (the stress case: every item then matches a few per cent of all groups).
 */
export type Popularity = 'random' | 'frequency';

function makeRules(words: readonly string[], spec: typeof DEFAULTS, popularity: Popularity): MatchRule[] {
  const next = random(20_260_331);
  const ranked = [...words];
  if (popularity === 'random') {
    for (let index = ranked.length - 1; index > 0; index -= 1) {
      const other = Math.floor(next() * (index + 1));
      [ranked[index], ranked[other]] = [ranked[other] as string, ranked[index] as string];
    }
  }
  const zipf = zipfSampler(ranked.length, next);
  const pick = () => ranked[zipf()] as string;
  const rules: MatchRule[] = [];
  for (let user = 1; user <= spec.users; user += 1) {
    for (let group = 0; group < spec.groupsPerUser; group += 1) {
      const roll = next();
      const kind = roll < 0.5 ? 'tender' : roll < 0.7 ? 'award' : roll < 0.85 ? 'early' : 'project';
      const scopeRoll = next();
      const includeWords = new Set<string>();
      while (includeWords.size < spec.wordsPerGroup) includeWords.add(pick());
      rules.push({
        groupId: rules.length + 1,
        userId: user,
        brandId: 'bench',
        kind,
        includeWords: [...includeWords],
        excludeWords: next() < 0.2 ? [pick()] : [],
        scope: scopeRoll < 0.6 ? 20 : scopeRoll < 0.9 ? 10 : 30,
        areaCodes: next() < 0.3 ? [PROVINCES[Math.floor(next() * PROVINCES.length)] as string] : [],
        types: next() < 0.1 ? [KIND_TYPES[kind][0] as string] : [],
        minAmountFen: next() < 0.2 ? Math.floor(next() * 5_000_000) * 100 : null,
        maxAmountFen: null,
      });
    }
  }
  return rules;
}

const SCOPE_FIELDS = { 20: 'title', 30: 'content', 10: 'full' } as const;

/** The naive matcher: every group in turn, its words looked for with `includes` in its scope's normalised text. */
function naiveMatch(rules: readonly MatchRule[], item: MatchItem): number[] {
  const title = normalizeForSearch(item.title);
  const fields = {
    title,
    content: normalizeForSearch(purchaseContent(item.projectName, item.body)),
    full: [title, normalizeForSearch(item.projectName ?? ''), normalizeForSearch(item.body)].join('\u0000'),
  };
  const matched: number[] = [];
  rules.forEach((rule, index) => {
    if (!KIND_TYPES[rule.kind].includes(item.docType)) return;
    const text = fields[SCOPE_FIELDS[rule.scope]];
    const found = (word: string) => text.includes(normalizeKeyword(word));
    if (!rule.includeWords.some(found) || rule.excludeWords.some(found)) return;
    if (
      rule.types.length &&
      !rule.types.some((type) => type === item.docType || type === item.procurementMethod)
    )
      return;
    if (
      rule.areaCodes.length &&
      !rule.areaCodes.some((code) => [item.provinceCode, item.cityCode, item.districtCode].includes(code))
    )
      return;
    if (rule.minAmountFen !== null || rule.maxAmountFen !== null) {
      const amount = item.amountFen;
      if (amount === null) return;
      if (rule.minAmountFen !== null && amount < rule.minAmountFen) return;
      if (rule.maxAmountFen !== null && amount > rule.maxAmountFen) return;
    }
    matched.push(index);
  });
  return matched;
}

export async function matchingBench(options: {
  users?: number;
  items?: number;
  naiveSample?: number;
  popularity?: Popularity;
}) {
  const popularity = options.popularity ?? 'random';
  const spec = {
    ...DEFAULTS,
    ...(options.users ? { users: options.users } : {}),
    ...(options.items ? { items: options.items } : {}),
    ...(options.naiveSample ? { naiveSample: options.naiveSample } : {}),
  };
  log(`generating ${spec.items} corpus items`);
  const items = corpusItems(spec.items);
  const { words, boilerplate } = vocabulary(items);
  log(`vocabulary: ${words.length} words (${boilerplate} boilerplate words in > 5 % of titles left out)`);
  const rules = makeRules(words, spec, popularity);
  log(`${rules.length} groups; compiling`);
  const compileStarted = performance.now();
  const compiled = new CompiledRules(rules);
  const compileMs = performance.now() - compileStarted;
  log(`compiled ${compiled.keywordCount} distinct words in ${round(compileMs)} ms`);

  // Warm-up: the first items pay for JIT compilation and the jieba-free normalisation tables.
  for (const item of items.slice(0, 200)) compiled.match(item);
  const perItem = new Float64Array(items.length);
  let matches = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  items.forEach((item, index) => {
    const itemStarted = performance.now();
    matches += compiled.match(item).length;
    perItem[index] = performance.now() - itemStarted;
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  // The machine is shared: CPU time is what this thread got, wall time includes waiting for a core.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const sorted = perItem.slice().sort();
  const itemsPerSecond = items.length / seconds;
  log(`automaton: ${round(itemsPerSecond)} items/s, p99 ${round(percentile(sorted, 0.99), 3)} ms`);

  // The naive loop on an even sample of the items; each answer must equal the automaton's.
  const step = Math.max(1, Math.floor(items.length / spec.naiveSample));
  const sample = items.filter((_, index) => index % step === 0).slice(0, spec.naiveSample);
  let naiveMs = 0;
  let mismatches = 0;
  for (const [done, item] of sample.entries()) {
    const naiveStarted = performance.now();
    const naive = naiveMatch(rules, item);
    naiveMs += performance.now() - naiveStarted;
    const fast = compiled.match(item).sort((a, b) => a - b);
    if (naive.length !== fast.length || naive.some((rule, index) => rule !== fast[index])) mismatches += 1;
    if (done % 5 === 4) log(`naive: ${done + 1}/${sample.length} items`);
  }
  const naiveItemsPerSecond = sample.length / (naiveMs / 1000);
  const overNaive = itemsPerSecond / naiveItemsPerSecond;
  return {
    benchmark: 'matching',
    setup: {
      users: spec.users,
      groups: rules.length,
      wordsPerGroup: spec.wordsPerGroup,
      distinctWords: compiled.keywordCount,
      vocabulary: words.length,
      zipfExponent: 1,
      popularity,
      items: items.length,
      compileMs: round(compileMs),
      heapMb: round(process.memoryUsage().heapUsed / 1_048_576, 0),
    },
    automaton: {
      itemsPerSecond: round(itemsPerSecond),
      itemsPerCpuSecond: round(items.length / cpuSeconds),
      p50Ms: round(percentile(sorted, 0.5), 3),
      p99Ms: round(percentile(sorted, 0.99), 3),
      matchesPerItem: round(matches / items.length, 1),
    },
    naive: {
      sampleItems: sample.length,
      extrapolated: true,
      itemsPerSecond: round(naiveItemsPerSecond, 3),
      msPerItem: round(naiveMs / sample.length),
      mismatches,
    },
    ratios: { automatonOverNaive: round(overNaive, 0) },
    target: {
      itemsPerSecond: TARGETS.itemsPerSecond,
      overNaive: TARGETS.overNaive,
      met: itemsPerSecond >= TARGETS.itemsPerSecond && overNaive >= TARGETS.overNaive && mismatches === 0,
    },
  };
}
