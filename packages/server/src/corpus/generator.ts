import type { TenderRecordInput } from '../ingest/record';
import { amountText, bidFen, budgetFen } from './amounts';
import { addWorkdays, dayFromIso, isoFromDay, onWorkday, publishingWeight, yearOf } from './calendar';
import { CATEGORIES, type Category, CONSTRUCTION_KINDS, type ConstructionKind } from './categories';
import {
  approvalRecord,
  changeNotice,
  forecastNotice,
  intentionNotice,
  proposedRecord,
  resultNotice,
  tenderNotice,
} from './notices';
import {
  agencyPool,
  asOrganisation,
  CompanyPool,
  type Organisation,
  pickEnterpriseOwner,
  pickPurchaser,
  procurementCentre,
} from './organisations';
import type {
  ConstructionPlan,
  PlannedApproval,
  PlannedChange,
  PlannedLot,
  PlannedStep,
  ProcurementPlan,
  ProjectPlan,
  StepKind,
} from './plan';
import { Random, shortHash, WeightedTable } from './random';
import { personName, road } from './vocabulary';

export interface CorpusOptions {
  /** Any text; the same seed and size give the same corpus. */
  seed: string;
  /** Exactly this many items. */
  size: number;
  /**
   * The last publishing day ('YYYY-MM-DD'); items span the two years before it. Default: a day in 2026 derived
   * from the seed, so the output never depends on when it is generated.
   */
  until?: string;
}

/** The window of publishing days: two years up to the reference date. */
export const WINDOW_DAYS = 730;

/** The reference date a seed gives when none is chosen: a day of 2026, stable for the seed. */
export function defaultUntil(seed: string): string {
  const offset = Number.parseInt(shortHash(`${seed}|until`), 16) % 365;
  return isoFromDay(dayFromIso('2026-01-01') + offset);
}

/** The identity of a corpus: in source ids and project keys, so two corpora never collide on import. */
export function corpusTag(options: CorpusOptions): string {
  return shortHash(`${options.seed}|${options.size}|${options.until ?? defaultUntil(options.seed)}`);
}

const PROJECT_KINDS = [
  ['procurement', 9],
  ['construction', 1],
] as const;

/** A min-heap of steps waiting for their publishing day, ordered by day, then by when they were planned. */
class StepQueue {
  private readonly heap: { day: number; order: number; plan: ProjectPlan; kind: StepKind }[] = [];

  get size(): number {
    return this.heap.length;
  }

  private less(a: number, b: number): boolean {
    const x = this.heap[a];
    const y = this.heap[b];
    if (!x || !y) return false;
    return x.day < y.day || (x.day === y.day && x.order < y.order);
  }

  private swap(a: number, b: number): void {
    const x = this.heap[a];
    const y = this.heap[b];
    if (!x || !y) return;
    this.heap[a] = y;
    this.heap[b] = x;
  }

  push(entry: { day: number; order: number; plan: ProjectPlan; kind: StepKind }): void {
    this.heap.push(entry);
    for (let index = this.heap.length - 1; index > 0; ) {
      const parent = (index - 1) >> 1;
      if (!this.less(index, parent)) break;
      this.swap(index, parent);
      index = parent;
    }
  }

  peekDay(): number | undefined {
    return this.heap[0]?.day;
  }

  pop(): { day: number; order: number; plan: ProjectPlan; kind: StepKind } | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (this.heap.length && last) {
      this.heap[0] = last;
      for (let index = 0; ; ) {
        const left = index * 2 + 1;
        const right = left + 1;
        let smallest = index;
        if (left < this.heap.length && this.less(left, smallest)) smallest = left;
        if (right < this.heap.length && this.less(right, smallest)) smallest = right;
        if (smallest === index) break;
        this.swap(index, smallest);
        index = smallest;
      }
    }
    return top;
  }
}

const UPPER = 'ABCDEFGHJKLMNPQRSTWXYZ';

function letters(random: Random, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += UPPER[random.int(0, UPPER.length - 1)];
  return text;
}

function projectCode(
  random: Random,
  plan: { category: Category; purchaser: Organisation; method: string },
  year: number,
  index: number,
): string {
  const serial = String(index % 100_000).padStart(5, '0');
  if (plan.category.works) return `E${plan.purchaser.place.cityCode}${year}${serial}${random.digits(2)}`;
  return random.weighted([
    [`${letters(random, random.int(2, 4))}-${year}-${serial}`, 3],
    [`${plan.purchaser.place.cityCode}-${year}-${plan.method.toUpperCase()}${serial}`, 2],
    [`${letters(random, 2)}CG${year}${serial}`, 2],
  ] as const);
}

/** Deadline and timing rules of the procurement law per method (公开招标 ≥ 20 days, 磋商 ≥ 10, 询价/谈判 ≥ 3). */
function deadlineAfter(random: Random, method: string, tenderDay: number): number {
  switch (method) {
    case 'gk':
    case 'yq':
      return onWorkday(tenderDay + random.int(20, 28));
    case 'cs':
      return onWorkday(tenderDay + random.int(10, 15));
    case 'dy':
      return addWorkdays(tenderDay, 5);
    default:
      return addWorkdays(tenderDay, random.int(3, 6));
  }
}

interface Pools {
  suppliers: Map<string, CompanyPool>;
  agencies: CompanyPool;
}

function buildPools(seed: string, size: number): Pools {
  // Enough companies for every province to have local ones; few enough that the popular ones win often.
  const perCategory = Math.min(4000, Math.max(120, Math.round(size / 120)));
  return {
    suppliers: new Map(
      CATEGORIES.map((category) => [
        category.id,
        new CompanyPool(`${seed}|${category.id}`, perCategory, category.supplierSuffixes),
      ]),
    ),
    agencies: agencyPool(seed, Math.min(3000, Math.max(150, Math.round(size / 40)))),
  };
}

function lotsOf(random: Random, category: Category, purchaser: Organisation, year: number, pools: Pools) {
  const draft = category.draft(random, purchaser, year);
  let budgets = draft.lots.map((lot) => budgetFen(random, lot.budgetYuan));
  // Keep every project in its category's range (the tests hold the corpus to it).
  const total = budgets.reduce((sum, fen) => sum + fen, 0);
  const [min, max] = [category.minYuan * 100, category.maxYuan * 100];
  if (total > max) budgets = budgets.map((fen) => Math.floor((fen * max) / total / 1_000_000) * 1_000_000);
  if (total < min) budgets = budgets.map((fen) => Math.ceil((fen * min) / total / 10_000) * 10_000);
  const supplierPool = pools.suppliers.get(category.id);
  const discount: [number, number] = category.works ? [0.86, 0.97] : [0.78, 0.99];
  const multi = draft.lots.length > 1;
  const lots: PlannedLot[] = draft.lots.map((lot, index) => {
    const fen = budgets[index] ?? 0;
    const winner = supplierPool
      ? asOrganisation(random, supplierPool.pick(random, purchaser.place.provinceCode))
      : purchaser;
    const bid = bidFen(random, fen, discount[0], discount[1]);
    return {
      label: multi ? `${category.works ? '标段' : '包'}${index + 1}` : '',
      name: lot.name,
      requirement: lot.requirement,
      budgetFen: fen,
      budgetRaw: amountText(random, fen),
      winner,
      bidFen: bid,
      bidRaw: amountText(random, bid),
    };
  });
  return { draft, lots };
}

const SOURCE_PLATFORMS = {
  procurement: (purchaser: Organisation, random: Random) =>
    random.chance(0.35) ? '中国政府采购网' : `${purchaser.place.provinceName}政府采购网`,
  works: (purchaser: Organisation, random: Random) =>
    random.chance(0.5)
      ? `${purchaser.place.cityName}公共资源交易中心`
      : `${purchaser.place.provinceName}公共资源交易平台`,
};

/** Plans a procurement from its first publishing day; the category and purchaser may be given (a tender after approvals). */
function planProcurement(
  random: Random,
  index: number,
  key: string,
  startDay: number,
  pools: Pools,
  given?: { category: Category; purchaser: Organisation; budgetCapFen?: number },
): ProcurementPlan {
  const category =
    given?.category ?? random.weighted(CATEGORIES.map((candidate) => [candidate, candidate.weight] as const));
  const purchaser = given?.purchaser ?? pickPurchaser(random, random.weighted(category.purchasers));
  const method = random.weighted(category.methods);
  const isGrid = purchaser.name.startsWith('国网');
  const agency = random.chance(category.agencyShare)
    ? !category.works && !isGrid && random.chance(0.15)
      ? procurementCentre(random, purchaser.place)
      : asOrganisation(random, pools.agencies.pick(random, purchaser.place.provinceCode))
    : null;

  const intentionDay = !category.works && method !== 'dy' && random.chance(0.22) ? startDay : null;
  let day = intentionDay === null ? startDay : onWorkday(startDay + random.int(30, 100));
  const forecastDay = random.chance(category.works ? 0.15 : 0.06) ? day : null;
  if (forecastDay !== null) day = onWorkday(day + random.int(7, 25));
  const tenderDay = day;
  const year = yearOf(tenderDay);
  const { draft, lots } = lotsOf(random, category, purchaser, year, pools);
  if (given?.budgetCapFen) {
    for (const lot of lots) {
      lot.budgetFen = Math.min(lot.budgetFen, given.budgetCapFen);
      lot.bidFen = Math.min(lot.bidFen, lot.budgetFen);
      lot.budgetRaw = amountText(random, lot.budgetFen);
      lot.bidRaw = amountText(random, lot.bidFen);
    }
  }
  const budget = lots.reduce((sum, lot) => sum + lot.budgetFen, 0);
  const deadlineDay = deadlineAfter(random, method, tenderDay);
  const documentsFromDay = addWorkdays(tenderDay, 1);

  let change: PlannedChange | null = null;
  if (method !== 'dy' && random.chance(0.14)) {
    const changeDay = onWorkday(tenderDay + random.int(2, Math.max(2, deadlineDay - tenderDay - 2)));
    const kind = random.weighted([
      ['correction', 65],
      ['change', 23],
      ['termination', 12],
    ] as const);
    const postponedTo =
      kind !== 'termination' && random.chance(0.5) ? onWorkday(deadlineDay + random.int(5, 12)) : null;
    change = {
      day: changeDay,
      kind,
      postponedTo,
      content:
        kind === 'termination'
          ? random.pick([
              '因采购需求发生变化，经研究决定终止本项目采购活动。',
              '因预算调整，本项目暂停实施，经研究决定终止本次采购活动。',
              '因采购文件存在表述不一致的情形，为保证采购活动公平公正，决定终止本次采购，择期重新组织。',
            ])
          : postponedTo
            ? `原提交${method === 'gk' || method === 'yq' ? '投标' : '响应'}文件截止时间及开标时间：${isoFromDay(deadlineDay)} 09:30，现变更为：${isoFromDay(postponedTo)} 09:30；获取采购文件的截止时间相应顺延。`
            : random.pick([
                `采购需求中“${draft.term}”更正为“${draft.term.replace(/\d+/, (value) => String(Number(value) + 15))}”。`,
                '资格要求中删除“近三年内类似项目业绩”的要求。',
                '评分标准中“售后服务”分值由10分调整为8分，“技术参数”分值由40分调整为42分。',
              ]),
    };
  }
  const finalDeadline = change?.postponedTo ?? deadlineDay;
  const result =
    change?.kind !== 'termination' && random.chance(0.8)
      ? {
          day: onWorkday(finalDeadline + random.int(2, 12)),
          kind: random.chance(0.05)
            ? ('failed' as const)
            : method === 'gk' || method === 'yq'
              ? ('award' as const)
              : ('deal' as const),
        }
      : null;

  const works = category.works;
  const platform = isGrid
    ? '国家电网有限公司电子商务平台（ECP）'
    : works
      ? `${purchaser.place.cityName}公共资源交易平台`
      : `${purchaser.place.provinceName}政府采购网`;
  return {
    kind: 'procurement',
    index,
    key,
    category,
    method,
    purchaser,
    agency,
    projectName:
      draft.subject.startsWith(purchaser.name) || works ? draft.subject : `${purchaser.name}${draft.subject}`,
    projectCode: projectCode(random, { category, purchaser, method }, year, index),
    lots,
    budgetFen: budget,
    budgetRaw: amountText(random, budget),
    term: draft.term,
    platform,
    openingPlace: random.chance(0.6)
      ? `${platform}（不见面开标）`
      : `${purchaser.place.cityName}公共资源交易中心${random.int(2, 9)}楼第${random.int(1, 12)}开标室`,
    sourceName: isGrid
      ? '国家电网有限公司电子商务平台'
      : (works ? SOURCE_PLATFORMS.works : SOURCE_PLATFORMS.procurement)(purchaser, random),
    intentionDay,
    forecastDay,
    tenderDay,
    documentsFromDay,
    documentsUntilDay: addWorkdays(documentsFromDay, 4),
    deadlineDay,
    deadlineTime: random.pick(['09:00', '09:30', '10:00', '14:30']),
    change,
    result,
    experts: Array.from({ length: method === 'dy' ? 3 : random.pick([3, 5, 5, 7]) }, () =>
      personName(random),
    ),
    smallBusinessOnly: budget < 400_000_000 && random.chance(0.6),
  };
}

/** The administrative steps of a project, government-funded (审批) or enterprise (核准/备案). */
const STAGE_PATHS = {
  public: ['lx', 'kxx', 'hp', 'cbsj', 'sgt', 'sg'],
  enterprise: ['ba', 'jn', 'hp', 'ydgh', 'gcgh', 'sg'],
} as const;

function approvalAuthority(stage: string, owner: Organisation): { authority: string; abbreviation: string } {
  const place = owner.place;
  const local = place.level === 'district' ? place.prefix : place.cityName;
  const short = (place.districtShort ?? place.cityShort).slice(0, 1);
  switch (stage) {
    case 'hp':
      return { authority: `${place.cityName}生态环境局`, abbreviation: `${place.cityShort.slice(0, 1)}环审` };
    case 'yd':
    case 'ydgh':
    case 'gcgh':
      return {
        authority: `${place.cityName}自然资源和规划局`,
        abbreviation: `${place.cityShort.slice(0, 1)}自然资规`,
      };
    case 'sgt':
    case 'sg':
    case 'jg':
      return { authority: `${local}住房和城乡建设局`, abbreviation: `${short}建` };
    default:
      return {
        authority: place.level === 'district' ? `${local}发展和改革局` : `${place.cityName}发展和改革委员会`,
        abbreviation: `${short}发改`,
      };
  }
}

function planConstruction(
  random: Random,
  index: number,
  key: string,
  startDay: number,
  pools: Pools,
): ConstructionPlan {
  const construction: ConstructionKind = random.weighted(
    CONSTRUCTION_KINDS.map((kind) => [kind, kind.owner === 'public' ? 4 : 3] as const),
  );
  const owner =
    construction.owner === 'public'
      ? pickPurchaser(random, random.weighted(construction.purchasers))
      : pickEnterpriseOwner(random);
  const projectName = construction.name(random, owner);
  const year = yearOf(startDay);
  const totalYuan = Math.min(
    construction.maxYuan,
    Math.max(construction.minYuan, random.logNormal(construction.medianYuan, 1.0)),
  );
  const totalInvestmentFen = Math.round(totalYuan / 10_000) * 1_000_000;
  const place = owner.place;
  const typeCode = construction.owner === 'public' ? '01' : random.chance(0.3) ? '02' : '03';
  const approvalCode = `${year}-${place.districtCode ?? place.cityCode}-${construction.industryCode}-${typeCode}-${random.digits(6)}`;
  const path = STAGE_PATHS[construction.owner];
  const first = random.int(0, path.length - 2);
  const count = random.weighted([
    [0, 2],
    [1, 4],
    [2, 3],
    [3, 1],
  ] as const);
  const proposedDay = count === 0 || random.chance(0.8) ? startDay : null;
  let day = proposedDay === null ? startDay : onWorkday(startDay + random.int(10, 60));
  const approvals: PlannedApproval[] = [];
  for (const stage of path.slice(first, first + count)) {
    const { authority, abbreviation } = approvalAuthority(stage, owner);
    approvals.push({
      day,
      stage,
      authority,
      documentNumber:
        stage === 'sg'
          ? `${place.districtCode ?? place.cityCode}${yearOf(day)}${random.digits(8)}`
          : stage === 'ydgh' || stage === 'gcgh'
            ? `${stage === 'ydgh' ? '地' : '建'}字第${place.cityCode}${yearOf(day)}${random.digits(5)}号`
            : `${abbreviation}〔${yearOf(day)}〕${random.int(1, 480)}号`,
      result: stage === 'ba' ? '予以备案' : stage === 'sg' || stage.endsWith('gh') ? '准予许可' : '同意',
    });
    day = onWorkday(day + random.int(30, 90));
  }
  const plannedStartDay = onWorkday(startDay + random.int(120, 400));
  const tender = random.chance(0.35)
    ? planProcurement(random, index, key, day, pools, {
        category:
          CATEGORIES.find((category) => category.id === construction.tenderCategory) ??
          (CATEGORIES[0] as Category),
        purchaser: owner,
        budgetCapFen: Math.floor(totalInvestmentFen * 0.85),
      })
    : null;
  const [firstRoad, secondRoad] = [road(random), road(random)];
  const [along, across] = random.pick([
    ['东', '北'],
    ['东', '南'],
    ['西', '北'],
    ['西', '南'],
  ] as const);
  const site = `${place.provinceName === place.cityName ? '' : place.provinceName}${place.prefix.startsWith(place.cityName) ? place.prefix : `${place.cityName}${place.districtName ?? ''}`}${firstRoad}以${along}、${secondRoad === firstRoad ? '规划支路' : secondRoad}以${across}`;
  return {
    kind: 'construction',
    index,
    key,
    construction,
    owner,
    projectName,
    approvalCode,
    totalInvestmentFen,
    totalInvestmentRaw: random.chance(0.7)
      ? `${(totalInvestmentFen / 1_000_000).toFixed(2)}万元`
      : amountText(random, totalInvestmentFen),
    scale: construction.scale(random),
    site,
    fundSource:
      construction.owner === 'public'
        ? random.pick(['财政资金', '地方政府专项债券及财政资金', '中央预算内投资及地方配套'])
        : random.pick(['企业自筹', '企业自筹及银行贷款']),
    plannedStartDay,
    plannedEndDay: plannedStartDay + random.int(365, 1100),
    sourceName: `${place.provinceName}投资项目在线审批监管平台`,
    proposedDay,
    proposedStage: approvals[0]?.stage ?? path[first] ?? 'lx',
    approvals,
    tender,
  };
}

function stepsOf(plan: ProjectPlan): PlannedStep[] {
  if (plan.kind === 'construction') {
    const steps: PlannedStep[] = [];
    if (plan.proposedDay !== null) steps.push({ day: plan.proposedDay, kind: 'nj' });
    plan.approvals.forEach((approval, index) => {
      steps.push({ day: approval.day, kind: `sp${index}` });
    });
    if (plan.tender) steps.push(...stepsOf(plan.tender));
    return steps.sort((a, b) => a.day - b.day);
  }
  const steps: PlannedStep[] = [];
  if (plan.intentionDay !== null) steps.push({ day: plan.intentionDay, kind: 'yx' });
  if (plan.forecastDay !== null) steps.push({ day: plan.forecastDay, kind: 'yg' });
  steps.push({ day: plan.tenderDay, kind: 'zb' });
  if (plan.change) steps.push({ day: plan.change.day, kind: 'bg' });
  if (plan.result) steps.push({ day: plan.result.day, kind: 'jg' });
  return steps.sort((a, b) => a.day - b.day);
}

function render(
  seed: string,
  tag: string,
  plan: ProjectPlan,
  kind: StepKind,
  day: number,
): TenderRecordInput {
  const random = new Random(`${seed}|p${plan.index}|${kind}`);
  const procurement = plan.kind === 'construction' ? plan.tender : plan;
  let record: Omit<TenderRecordInput, 'sourceId'>;
  if (plan.kind === 'construction' && kind === 'nj') record = proposedRecord(plan, day);
  else if (plan.kind === 'construction' && kind.startsWith('sp')) {
    const approval = plan.approvals[Number(kind.slice(2))];
    if (!approval) throw new Error(`no approval for step ${kind}`);
    record = approvalRecord(plan, approval, day);
  } else if (!procurement) throw new Error(`no procurement for step ${kind}`);
  else if (kind === 'yx') record = intentionNotice(procurement, day);
  else if (kind === 'yg') record = forecastNotice(procurement, day, random);
  else if (kind === 'zb') record = tenderNotice(procurement, day, random);
  else if (kind === 'bg') record = changeNotice(procurement, day);
  else record = resultNotice(procurement, day, random);
  const sourceId = `demo-${tag}-p${plan.index}-${kind}`;
  const month = isoFromDay(day).slice(0, 7).replace('-', '');
  return { sourceId, sourceUrl: `https://demo.example.com/notices/${month}/${sourceId}.html`, ...record };
}

/**
 * The demo corpus as a stream: exactly `size` records, in publishing order, deterministic for (seed, size,
 * until). Projects start through the two-year window in proportion to how busy each day is; each plans its
 * whole lifecycle at once (意向 → 预告 → 招标 → 更正 → 结果, or 拟建 → 审批 → 施工招标 → 结果) and its later steps
 * wait in a queue until their day, so memory holds only the projects still under way, never the corpus.
 * Steps that would fall after the reference date are not published yet, as in a real feed.
 */
export function* generateCorpus(options: CorpusOptions): Generator<TenderRecordInput> {
  const { seed, size } = options;
  if (!Number.isSafeInteger(size) || size < 0)
    throw new RangeError(`size must be a whole number, got ${size}`);
  if (size === 0) return;
  const until = options.until ?? defaultUntil(seed);
  const lastDay = dayFromIso(until);
  const firstDay = lastDay - WINDOW_DAYS + 1;
  const tag = corpusTag({ seed, size, until });
  const days = new WeightedTable(
    Array.from({ length: WINDOW_DAYS }, (_, offset) => {
      const day = firstDay + offset;
      return [day, publishingWeight(day, firstDay, lastDay)] as const;
    }),
  );
  const pools = buildPools(seed, size);
  const queue = new StepQueue();
  let scheduled = 0;
  let order = 0;
  for (let index = 0; scheduled < size; index++) {
    // Where this project starts: the share of the corpus scheduled so far, spread over the weighted days.
    const startDay = days.at(scheduled / size);
    const random = new Random(`${seed}|p${index}`);
    const key = `demo-${tag}-p${index}`;
    const plan =
      random.weighted(PROJECT_KINDS) === 'procurement'
        ? planProcurement(random, index, key, startDay, pools)
        : planConstruction(random, index, key, startDay, pools);
    const steps = stepsOf(plan)
      .filter((step) => step.day <= lastDay)
      .slice(0, size - scheduled);
    while ((queue.peekDay() ?? Number.POSITIVE_INFINITY) < startDay) {
      const next = queue.pop();
      if (next) yield render(seed, tag, next.plan, next.kind, next.day);
    }
    for (const step of steps) queue.push({ ...step, order: order++, plan });
    scheduled += steps.length;
  }
  while (queue.size) {
    const next = queue.pop();
    if (next) yield render(seed, tag, next.plan, next.kind, next.day);
  }
}
