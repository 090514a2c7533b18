import { parseAmount, unitFromLabel } from './amount';
import { bounded } from './bounded';
import { cleanName } from './clean';
import { findLabeled, linesOf } from './labels';
import { isMasked } from './masking';
import type { ExtractedAmount, ExtractedWinner } from './types';

const SUPPLIER_HEADER =
  /供应商名称|中标(?:供应商|人|单位|公司)(?:名称)?|成交(?:供应商|人|单位)(?:名称)?|中标（成交）供应商|中标\(成交\)供应商|中标候选人(?:名称)?|投标人名称|单位名称/;
const AMOUNT_HEADER = /金额|报价|中标价|成交价|投标价|价格|合同价|总价/;
/** A table column of lots: its number (`包号`) or its name (`标项名称`). */
export const LOT_HEADER = /包号|标段|包件|分包|标包|包名|采购包|合同包|标项/;
const RANK_HEADER = /排名|名次|排序|候选人顺序/;

/** `1`, `第1名`, `第一`, `第一中标候选人`: the first place. */
const FIRST_RANK = /^(?:1|第\s*[1一]\s*(?:名|中标候选人|成交候选人|候选人)?|第一名?|一)$/;

/** A column of winners, not of every bidder or candidate. */
const WINNER_HEADER = /^(?:中标|成交|中选)(?:供应商|人|单位|公司)(?:名称)?$|^中标（成交）供应商(?:名称)?$/;

/** A name or a sum stands in a value cell, never in a header. */
const VALUE_NOT_HEADER = /(?:公司|集团|研究院|设计院|事务所)$|^[\d,.]+$/;

const RANK_IN_CELL = /^[ ]*(第[ ]*[一二三四五1-5][ ]*(?:名|中标候选人|成交候选人|候选人)?)[ ]*[:：][ ]*/;

const SPACED_HEADER_CELL = /^[\u4e00-\u9fa5（）()]{2,14}$/;

/**
 * A table a page store wrote with spaces between its cells (`包号 供应商名称 … 成交金额(万元)` over `第1包 XX公司 …
 * 86.55708`): a line of at least three short header words, one of them a 名称, and the lines under it with as many
 * words, become rows of cells. A row whose cells hold spaces of their own ends the table.
 */
function withSpacedTables(rows: string[][]): string[][] {
  const split = [...rows];
  for (let i = 0; i < split.length; i += 1) {
    const line = split[i]?.length === 1 ? (split[i]?.[0] ?? '').trim() : '';
    const words = line.includes(' ') && /名称/.test(line) ? line.split(/ +/) : [];
    if (words.length < 3 || !words.every((word) => SPACED_HEADER_CELL.test(word))) continue;
    split[i] = words;
    for (let j = i + 1; j < split.length && split[j]?.length === 1; j += 1) {
      const cells = (split[j]?.[0] ?? '').trim().split(/ +/);
      const row = cells.length === words.length ? cells : rowWithEmptyCells(words, cells);
      if (!row) break;
      split[j] = row;
      i = j;
    }
  }
  return split;
}

/**
 * A spaced row one cell short: a cell was empty (`是否价格扣除`), and which one is unknown. The first cell still
 * stands under the first header and the one sum in 元 under the amount header; the rest is left empty.
 */
function rowWithEmptyCells(header: string[], cells: string[]): string[] | null {
  if (cells.length !== header.length - 1 || cells.length < 2) return null;
  const amountColumn = header.findIndex((cell) => AMOUNT_HEADER.test(cell) && !/率/.test(cell));
  const sums = cells.filter((cell) => /^[\d*][\d*,.]*[ ]*(?:万元|元)$/.test(cell));
  const row = header.map(() => '');
  row[0] = cells[0] ?? '';
  if (amountColumn > 0 && sums.length === 1) row[amountColumn] = sums[0] ?? '';
  return row;
}

/**
 * A table a page store wrote one cell a line (`供应商名称\n供应商地址\n…\n中标金额(万元)` over `XX公司\n…\n1,045`): at
 * least three short header lines, one of them a 名称, then rows of as many value lines, each row one line of cells.
 */
function withCellPerLineTables(rows: string[][]): string[][] {
  const out: string[][] = [];
  const isHeader = (row: string[] | undefined) =>
    row?.length === 1 &&
    SPACED_HEADER_CELL.test((row[0] ?? '').trim()) &&
    !VALUE_NOT_HEADER.test((row[0] ?? '').trim());
  for (let i = 0; i < rows.length; ) {
    let k = 0;
    while (k < 12 && isHeader(rows[i + k])) k += 1;
    const header = rows.slice(i, i + k).map((row) => (row[0] ?? '').trim());
    if (
      k < 3 ||
      !header.some((cell) => /名称/.test(cell)) ||
      !header.some((cell) => AMOUNT_HEADER.test(cell))
    ) {
      out.push(rows[i] ?? []);
      i += 1;
      continue;
    }
    out.push(header);
    let j = i + k;
    for (; j + k <= rows.length; j += k) {
      const cells = rows.slice(j, j + k);
      if (cells.some((row) => row.length !== 1 || isHeader(row) || /[:：]/.test(row[0] ?? ''))) break;
      out.push(cells.map((row) => (row[0] ?? '').trim()));
    }
    i = j;
  }
  return out;
}

/** Winners from a result table: a header row naming the supplier and the amount columns, then one row per lot. */
function winnersFromTables(text: string): ExtractedWinner[] {
  const lines = withCellPerLineTables(withSpacedTables(linesOf(text).map(({ line }) => line.split('\t'))));
  const winners: ExtractedWinner[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const header = lines[i] ?? [];
    if (header.length < 2) continue;
    const supplierColumn = header.findIndex((cell) => SUPPLIER_HEADER.test(cell) && !/地址/.test(cell));
    const amountColumn = header.findIndex(
      (cell, index) => index !== supplierColumn && AMOUNT_HEADER.test(cell) && !/率/.test(cell),
    );
    // A table naming the winner without a sum (`项目名称 | 招标人 | 代理机构 | 中标单位`): its amount is unknown. A list
    // of every bidder (供应商名称, 投标人名称) gives no winner without one.
    const winnerOnly =
      supplierColumn !== -1 && amountColumn === -1 && WINNER_HEADER.test(header[supplierColumn] ?? '');
    if (supplierColumn === -1 || (amountColumn === -1 && !winnerOnly)) continue;
    // `中标人名称\tXX公司\t中标价（元）\t…`: a label/value row, not the header of a table.
    if (header.some((cell) => VALUE_NOT_HEADER.test(cell.trim()))) continue;
    const lotColumn = header.findIndex((cell) => LOT_HEADER.test(cell) && !/名称/.test(cell));
    const lotNameColumn = lotColumn === -1 ? header.findIndex((cell) => LOT_HEADER.test(cell)) : -1;
    const rankColumn = header.findIndex((cell) => RANK_HEADER.test(cell));
    const labelUnit = unitFromLabel(header[amountColumn] ?? '');
    let j = i + 1;
    for (; j < lines.length; j += 1) {
      const row = lines[j] ?? [];
      if (row.length < Math.max(supplierColumn, amountColumn) + 1 || row.length > header.length) break;
      if (rankColumn !== -1 && !FIRST_RANK.test((row[rankColumn] ?? '').trim())) continue;
      // `第一名：XX公司`, `第二中标候选人：YY公司`: the rank written in the supplier's own cell.
      const ranked = RANK_IN_CELL.exec(row[supplierColumn] ?? '');
      if (ranked && !FIRST_RANK.test(ranked[1] ?? '')) continue;
      const supplier = cleanName((row[supplierColumn] ?? '').slice(ranked?.[0].length ?? 0));
      if (!supplier) continue;
      const lotCell = row[lotColumn === -1 ? lotNameColumn : lotColumn]?.trim();
      const amount = amountColumn === -1 ? null : awarded(parseAmount(row[amountColumn] ?? '', labelUnit));
      // A ranked list of offers after the result table names the winner again.
      if (winners.some((winner) => winner.supplier === supplier && winner.amount?.fen === amount?.fen))
        continue;
      winners.push({ lot: lotCell ? lotCell : null, supplier, amount });
    }
    i = j - 1;
  }
  return winners;
}

const SUPPLIER_LABELS = [
  '中标供应商名称',
  '中标供应商',
  '成交供应商名称',
  '成交供应商',
  '中标（成交）供应商名称',
  '中标(成交)供应商名称',
  '中标（成交）供应商',
  '中标(成交)供应商',
  '供应商名称',
  '中标人',
  '中标人名称',
  '中标单位',
  '中标单位名称',
  '中标公司',
  '中标公司名称',
  '成交公司',
  '成交公司名称',
  '成交单位',
  '成交人',
  '成交人名称',
  '第一中标候选人',
  '第一名中标候选人',
  '第一成交候选人',
  '中标候选人第一名',
  '中选供应商',
  '中选供应商名称',
  '中选成交供应商名称',
  '中选单位',
  // A 结果公示 before the award is final: the proposed winner.
  '拟中标供应商',
  '拟中标人',
  '拟中标单位',
  '拟成交供应商',
  '拟定成交供应商',
  '拟定中标供应商',
  '拟成交人',
  '拟成交单位',
  '预中标单位',
  '预中标人',
  '预成交供应商',
  // A contract notice's parties: 采购人(甲方) and 供应商(乙方).
  '供应商(乙方)',
  '供应商（乙方）',
  '乙方',
];
/** Labels every bidder's name stands under, not the winner's alone. */
const GENERIC_SUPPLIER_LABELS = new Set(['供应商名称', '供应商(乙方)', '供应商（乙方）', '乙方']);

/** Other candidates end the first one's scope (its amount stands before theirs). */
const OTHER_CANDIDATE_LABELS = [
  '第二中标候选人',
  '第三中标候选人',
  '第二名中标候选人',
  '第三名中标候选人',
  '第二成交候选人',
  '第三成交候选人',
];
const AMOUNT_LABELS = [
  '中标金额',
  '成交金额',
  '中标（成交）金额',
  '中标(成交)金额',
  '中标价',
  '中标价格',
  '中标总价',
  '成交价',
  '成交价格',
  '成交总价',
  '中标报价',
  '成交报价',
  '投标报价',
  '最终报价',
  '合同金额',
  '合计金额小写',
  '合计金额大写',
  '中标（成交）价格',
  '总中标金额',
  '中标总金额',
  '总中标金额合计',
  '中标金额合计',
  '总成交金额',
  '成交总金额',
  '拟中标金额',
  '拟中标价',
  '拟成交金额',
  '拟成交价',
];

/**
 * `第一中标候选人报价：…`: a candidates table written out by column (all candidates, then all prices) names each
 * price by its rank, wherever it stands.
 */
const RANKED_AMOUNT_LABELS = SUPPLIER_LABELS.filter((label) => /候选人/.test(label)).flatMap((label) =>
  ['报价', '投标报价', '投标价', '中标价', '成交价'].map((price) => `${label}${price}`),
);

/**
 * `中标(成交)金额 1;备注 中标下浮率:3.00%`: a sum of one yuan or less is a form's placeholder where the award is a rate
 * or a discount, not what the winner is paid.
 */
function awarded(amount: ExtractedAmount | null): ExtractedAmount | null {
  return amount && amount.fen > 100 ? amount : null;
}

/** A unit price (`单价每套（￥460）`, `元/台`, `成交金额（单价）：…元/吨`) is not what the winner is awarded; a sum per year is. */
const UNIT_PRICE = /单价|每[套台件个份人次吨]|元[ ]*\/[ ]*(?![年月])[\u4e00-\u9fa5㎡]/;

/** Where a lot starts: `包1：`, `第二标段`, `标段一`, `（一）1包`, `包号：2`, `合同包1`. */
const LOT_MARKER =
  /(?:^|(?<=[\n\t；;。]))[ ]*(?:[（(][一二三四五六七八九十\d]+[)）][ ]*)?((?:第[一二三四五六七八九十\d]+|[一二三四五六七八九十\d]+)(?:包|标段|标包|分包|合同包)|(?:包|标段|标包|分包|合同包|采购包)[ ]*[一二三四五六七八九十\d]+|(?:包号|标段号|标包号|分包号)[ ]*[:：][ ]*[A-Za-z\d一二三四五六七八九十]+)/g;

function lotName(marker: string): string {
  return marker.replace(/^(?:包号|标段号|标包号|分包号)[ ]*[:：][ ]*/, '').trim();
}

/** Winners stated as labels (`中标供应商：…` `中标金额：…`), each under the lot marker before it. */
function winnersFromLabels(text: string): ExtractedWinner[] {
  const lots = [...text.matchAll(LOT_MARKER)].map((match) => ({
    at: match.index ?? 0,
    lot: lotName(match[1] ?? ''),
  }));
  // A result written out one cell per line (`中标人\nXX公司\n中标价\n…`); a candidate's rank alone on its line is
  // a candidates list's header, not a winner's label.
  const labelled = [
    ...findLabeled(text, SUPPLIER_LABELS, 0, text.length, { runTogether: true }),
    ...findLabeled(
      text,
      SUPPLIER_LABELS.filter((label) => !/候选人/.test(label)),
      0,
      text.length,
      { ownLine: true },
    ).filter((found) => found.ownLine),
  ].sort((a, b) => a.index - b.index);
  // A bidders' list names every 供应商名称; where a label names the winner (成交供应商名称：), only that one counts.
  const named = labelled.filter((found) => !GENERIC_SUPPLIER_LABELS.has(found.label));
  // `第一中标候选人 A … 拟中标人 A 拟中标金额 326.6`: the winner named as such over the first candidate.
  const decided = named.filter((found) => !/候选人/.test(found.label));
  const candidates = decided.length > 0 ? decided : named.length > 0 ? named : labelled;
  // `成交供应商名称：XX` says it; a cell `中标供应商` may be a bidders table's 评审结果 beside someone else.
  const colon = candidates.filter((found) => /[:：][ \t]*$/.test(text.slice(found.index, found.valueIndex)));
  const suppliers = colon.length > 0 ? colon : candidates;
  const others = findLabeled(text, OTHER_CANDIDATE_LABELS);
  // `合计金额小写: ******` over `合计金额大写:捌拾万…元整`: a sum masked in one form is read from the other.
  const amounts = findLabeled(text, AMOUNT_LABELS, 0, text.length, {
    ownLine: true,
    runTogether: true,
  }).filter(
    (amount, _, all) =>
      !isMasked(amount.value) || !all.some((other) => other !== amount && !isMasked(other.value)),
  );
  // `中标（成交）价格：121.5 价格单位：万元`: the unit stated on its own.
  const statedUnit = /(?:价格|金额)单位[:：]\s*(万元|亿元|元)/.exec(text)?.[1];
  const winners: ExtractedWinner[] = [];
  const seenLots = new Set<string | null>();
  let rankedPrices: ReturnType<typeof findLabeled> | undefined;
  suppliers.forEach((found, k) => {
    const supplier = cleanName(found.value);
    if (!supplier) return;
    const lotIndex = lots.filter((lot) => lot.at <= found.index).at(-1);
    const lot = lotIndex?.lot ?? null;
    // A result names one winner per lot: the first mention wins (a later summary repeats it).
    if (seenLots.has(lot)) return;
    const nextBoundary = Math.min(
      suppliers[k + 1]?.index ?? Number.POSITIVE_INFINITY,
      others.find((other) => other.index > found.index)?.index ?? Number.POSITIVE_INFINITY,
      lots.find((other) => other.at > found.index)?.at ?? Number.POSITIVE_INFINITY,
    );
    const previousBoundary = Math.max(suppliers[k - 1]?.index ?? -1, lotIndex?.at ?? -1);
    const amountAfter = amounts.find((amount) => amount.index > found.index && amount.index < nextBoundary);
    const amountBefore = amounts
      .filter((amount) => amount.index < found.index && amount.index > previousBoundary)
      .at(-1);
    rankedPrices ??= /候选人/.test(found.label) ? findLabeled(text, RANKED_AMOUNT_LABELS) : undefined;
    const ranked = /候选人/.test(found.label)
      ? rankedPrices?.find((price) => price.index > found.index && price.label.startsWith(found.label))
      : undefined;
    const amount = amountAfter ?? amountBefore ?? ranked;
    seenLots.add(lot);
    winners.push({
      lot,
      supplier,
      amount:
        amount && !UNIT_PRICE.test(`${amount.qualifier} ${amount.value}`)
          ? awarded(parseAmount(amount.value, unitFromLabel(`（${amount.qualifier || statedUnit || ''}）`)))
          : null,
    });
  });
  return winners;
}

/**
 * The ways prose names the winner of a result, each with the winner's name as `name` (and, where the sentence
 * holds it, the sum as `amount`). The earliest match in the text wins.
 */
const WINNER_SENTENCES: readonly RegExp[] = [
  // `确定XX公司为中标单位`, `选聘综合得分第一名的XX公司为项目中标人`, `拟确定第二中标候选人XX公司为本项目中标人`
  /(?:确定|推荐|选聘|选定)[ ]*(?<name>[^，,。；;\n]{2,60}?)[ ]*为[^，,。；;\n]{0,6}?(?:中标|成交)(?:人|单位|供应商)/,
  // `会议确定XX设计院的设计方案为中标方案`
  /确定了?[ ]*(?<name>[^，,。；;\n]{2,60}?)的[^，,。；;\n]{0,8}?方案为(?:中标|成交)方案/,
  // `最终XX公司得分排名第一，为项目中标单位`
  /(?:最终|最后)[ ]*(?<name>[^，,。；;\n]{2,60}?)[ ]*(?:以|的)?(?:综合|总)?(?:得分|评分)[^，,。；;\n]{0,8}?第一名?[，,][ ]*(?:被?(?:确定|推荐)为|为)[^，,。；;\n]{0,6}?(?:中标|成交)(?:人|单位|供应商)/,
  // `推荐XX公司为第一中标候选人`: a 候选人公示 names its first candidate.
  /推荐[ ]*(?<name>[^，,。；;\n]{2,60}?)[ ]*为第一(?:名)?(?:中标|成交)?候选人/,
  // `中标单位为XX公司`, `成交供应商：XX公司（联合体）`
  /(?:中标|成交)(?:人|单位|供应商)(?:为|[:：])[ ]*(?<name>(?:[^，,。；;\n（(]|[（(][^）)\n]{1,10}[)）]){2,80})/,
  // `最终由XX公司竞标成功`
  /(?:最终|最后)由(?<name>[^，,。；;\n]{2,60}?)(?:竞标成功|中标|成交)(?=[，,。；;\n])/,
  // `当场宣布最高分获得者XX公司中标`
  /宣布(?:[^，,。；;\n]{0,10}?获得者)?[ ]*(?<name>[^，,。；;\n]{2,60}?)(?:中标|成交)(?=[，,。；;\n])/,
  // `投标结果为：XX公司，以92分最高分中标`
  /结果为[:：]?[ ]*(?<name>[^，,。；;\n:：]{2,60}?)[，,]以[^，,。；;\n]{0,12}(?:中标|成交)/,
  // `XX公司为本项目中标单位`
  /(?:^|[，,。；;\n:：])[ ]*(?<name>[^，,。；;\n:：]{2,60}?)[ ]*为(?:本|该)?(?:(?:项目|标段|包)的?)?(?:中标|成交)(?:人|单位|供应商)(?=[，,。；;\n]|$)/,
  // `推荐中标候选人为:\n第一名:XX公司`
  /(?:中标|成交)候选人(?:为|是)?[ ]*[:：]?[ ]*\n?[ ]*第一名[ ]*[:：][ ]*(?<name>[^，,。；;\n]{2,60})/,
  // `第一中标候选人为XX公司，投标报价…`, `中标候选人第1名为XX公司，投标报价…`
  /(?:第一(?:名)?(?:中标|成交)候选人|(?:中标|成交)候选人第[一1]名)(?:为|是|[:：])[ ]*(?<name>[^，,。；;\n]{2,60})/,
  // `XX公司成为YY项目的中标供应商`
  /(?:^|[，,。；;\n:：])[ ]*(?<name>[^，,。；;\n:：]{2,60}?)成为[^，,。；;\n]{0,60}?的(?:中标|成交)(?:人|单位|供应商)/,
  // `XX公司中得该项目`
  /(?:^|[，,。；;\n:：])[ ]*(?<name>[^，,。；;\n:：]{2,60}?)中得(?:该|本)?项目/,
  // `XX公司以123.4万元中标`: the sum inside the sentence.
  /(?:^|[，,。；;\n:：])[ ]*(?<name>[^，,。；;\n:：]{2,60}?)[ ]*以[ ]*(?<amount>(?:人民币)?[ ]*[￥¥]?[ ]*[\d,.]+[ ]*(?:万元|元))(?:的)?(?:价格|报价|总价)?(?:中标|成交)/,
];

/** The match of `patterns` that starts first in `text`; on a tie, the one listed first. */
function earliestMatch(text: string, patterns: readonly RegExp[]): RegExpExecArray | null {
  let earliest: RegExpExecArray | null = null;
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match && (!earliest || match.index < earliest.index)) earliest = match;
  }
  return earliest;
}

const ORGANISATION = /(?:公司|集团|院|所|中心|厂|社|店|行|队|部|站|馆)(?:[（(][^）)]{1,20}[)）])?$/;
/** The amount after it: `中标金额为人民币壹佰贰拾万元整`, a first candidate's `投标报价388522.08元`. */
const SENTENCE_AMOUNT =
  /(?:(?:中标|成交)(?:[（(](?:中标|成交)[)）])?(?:金额|价格?|总价)|投标报价)(?:为|是)?[ ]*[:：]?/;

/**
 * `一标中标单位为XX公司，中标费率4.6%；二标中标单位为YY公司…`, `包1中标供应商：XX公司，中标金额：10万元；包2…`: one
 * sentence per lot.
 */
const LOT_WINNER_SENTENCE =
  /([一二三四五六七八九十\d]{1,3}(?:标段|标|包)|(?:合同包|采购包|标包|标段|包)[ ]*[一二三四五六七八九十\d]{1,3})(?:的)?(?:中标|成交)(?:人|单位|供应商)(?:名称)?(?:为|[:：])[ ]*((?:[^，,。；;\n（(]|[（(][^）)\n]{1,10}[)）]){2,60})([^；;。\n]{0,40})/g;

function winnersFromLotSentences(text: string): ExtractedWinner[] {
  const winners: ExtractedWinner[] = [];
  for (const [, lot = '', name, rest = ''] of text.matchAll(LOT_WINNER_SENTENCE)) {
    const supplier = cleanName(name);
    if (!supplier || !ORGANISATION.test(supplier) || winners.some((winner) => winner.lot === lot)) continue;
    const amountAt = SENTENCE_AMOUNT.exec(rest);
    const amount = amountAt ? awarded(parseAmount(rest.slice(amountAt.index + amountAt[0].length))) : null;
    winners.push({ lot, supplier, amount });
  }
  return winners.length > 1 ? winners : [];
}

/**
 * The name in a clause that names a winner: `选聘综合得分第一名的XX公司` and `同意我司拟确定第二中标候选人XX公司` name
 * XX公司 — what follows the ranking, the decision and the candidate's rank.
 */
function winnerOfClause(clause: string | undefined): string | undefined {
  return clause
    ?.replace(/^.*的/, '')
    .replace(/^.*(?:确定|推荐|选聘|选定)了?/, '')
    .replace(/^第[一二三四五六七八九十\d]名?(?:中标|成交)?候选人[:：]?/, '');
}

function winnerFromSentence(text: string): ExtractedWinner[] {
  const byLot = winnersFromLotSentences(text);
  if (byLot.length > 0) return byLot;
  const stated = earliestMatch(text, WINNER_SENTENCES);
  const supplier = cleanName(winnerOfClause(stated?.groups?.name));
  // `综合得分最高的供应商为成交供应商` is a rule, not a result: a winner is an organisation's name.
  if (!stated || !supplier || !ORGANISATION.test(supplier) || /的/.test(supplier)) return [];
  // `预中标单位：A公司、B公司、C公司`: several winners of one result, their sums not given.
  const listed = supplier.split('、');
  if (listed.length > 1 && listed.every((name) => ORGANISATION.test(name))) {
    return listed.map((name) => ({ lot: null, supplier: name, amount: null }));
  }
  const after = bounded(text, stated.index + stated[0].length);
  const amountAt = SENTENCE_AMOUNT.exec(after);
  const within = stated.groups?.amount;
  const amount = within
    ? awarded(parseAmount(within))
    : amountAt
      ? awarded(parseAmount(after.slice(amountAt.index + amountAt[0].length)))
      : null;
  return [{ lot: null, supplier, amount }];
}

/**
 * A result table whose cells a page store ran together (`序号标项名称中标(成交金额)中标供应商名称中标供应商地址` over
 * `1某某项目1434000.00元某某工贸公司某某镇`): the header names the sum just before the supplier, so in each row the
 * winner's name follows its sum. A sum right after a 数量 or 单位 column may have swallowed their digits: no sum.
 */
const RUN_TOGETHER_HEADER =
  /^序号[^\t\n]{0,40}?(数量单位|单价)?(?:金额|总价|报价)[^\t\n]{0,8}?(?:中标|成交)[^\t\n]{0,6}?供应商名称/;
const RUN_TOGETHER_ROW =
  /^\d{1,2}[^\t\n]{0,200}?([\d,]+(?:\.\d+)?[ ]*(?:万元|元))[ ]*([\u4e00-\u9fa5（）()]{2,40}?(?:有限责任公司|有限公司|公司|集团|研究院|设计院|事务所))/;

function winnersFromRunTogetherRows(text: string): ExtractedWinner[] {
  const lines = linesOf(text).map(({ line }) => line.trim());
  const at = lines.findIndex((line) => RUN_TOGETHER_HEADER.test(line));
  if (at === -1) return [];
  const swallowed = Boolean(RUN_TOGETHER_HEADER.exec(lines[at] ?? '')?.[1]);
  const winners: ExtractedWinner[] = [];
  for (const line of lines.slice(at + 1, at + 11)) {
    const row = RUN_TOGETHER_ROW.exec(line);
    if (!row) break;
    const supplier = cleanName(row[2]);
    if (supplier)
      winners.push({ lot: null, supplier, amount: swallowed ? null : awarded(parseAmount(row[1] ?? '')) });
  }
  return winners;
}

/** A winner on the line under its section: `六、成交结果(入围供应商)` over `XX公司，总价355000.00元。`. */
const WINNER_UNDER_HEADING =
  /(?:^|\n)[ ]*[一二三四五六七八九十\d]{1,2}[、.．][ ]*(?:中标|成交)(?:[（(]成交[)）])?(?:结果|信息|供应商)[^\n]{0,20}\n[ ]*([^\n，,。；;:：]{4,60}?)[，,][ ]*(?:总价|总金额|金额|报价|投标报价|中标价|成交价|中标金额|成交金额)(?:为)?[:：]?[ ]*([^\n。；;]{1,30})/;

function winnerUnderHeading(text: string): ExtractedWinner[] {
  const under = WINNER_UNDER_HEADING.exec(text);
  const supplier = cleanName(under?.[1]);
  if (!under || !supplier || !ORGANISATION.test(supplier)) return [];
  return [{ lot: null, supplier, amount: awarded(parseAmount(under[2] ?? '')) }];
}

/** A ranked list's first place: `第一名\t单位名称： XX公司` over `投标报价（万元）： 23.48`. */
const FIRST_PLACE =
  /(?:^|\n)[ ]*第一名[\t ]+(?:单位名称|投标人名称|投标人|供应商名称)[:：][ ]*([^\n\t]{4,60})((?:\n(?![ ]*第二名)[^\n]*){0,3})/;
const FIRST_PLACE_PRICE = /投标报价[ ]*(?:[（(](万元|元)[)）])?[:：][ ]*([\d,.]+)/;

function winnerInFirstPlace(text: string): ExtractedWinner[] {
  const first = FIRST_PLACE.exec(text);
  const supplier = cleanName(first?.[1]);
  if (!first || !supplier || !ORGANISATION.test(supplier)) return [];
  const price = FIRST_PLACE_PRICE.exec(first[2] ?? '');
  const amount = price ? awarded(parseAmount(`${price[2]}${price[1] ?? '元'}`)) : null;
  return [{ lot: null, supplier, amount }];
}

/** Winners per lot: a result table when there is one, otherwise labelled values. Null when none is named. */
export function extractWinners(text: string): ExtractedWinner[] | null {
  const fromTables = winnersFromTables(text);
  const fromRows = fromTables.length > 0 ? fromTables : winnersFromRunTogetherRows(text);
  const winners = fromRows.length > 0 ? fromRows : winnersFromLabels(text);
  if (winners.length === 0) winners.push(...winnerFromSentence(text));
  if (winners.length === 0) winners.push(...winnerUnderHeading(text));
  if (winners.length === 0) winners.push(...winnerInFirstPlace(text));
  return winners.length > 0 ? winners : null;
}
