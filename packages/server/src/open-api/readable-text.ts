import type { CompanyProfile, ItemDetail, SearchRecord } from '@tender/contracts';
import type { ExpiringContractPage } from '@tender/contracts/server';

/**
 * The MCP tools' results as text an assistant reads (src/open-api/mcp.ts): per item its title, date, region,
 * amounts in 万元, parties and a link that opens it in the brand's web client. Structured data goes alongside as
 * `structuredContent` for clients that want the fields.
 */

const DETAIL_ROUTES: Readonly<Record<string, string>> = {
  zb: 'tender/index',
  bg: 'tender/index',
  jg: 'tender/index',
  yg: 'forecastDetail',
  yx: 'intentionDetail',
  nj: 'building/index',
  sp: 'approve/index',
};

/** Where a member opens things in the brand's web client (hash routes, src/app's router). */
export interface WebLinks {
  item(id: number, type: string): string;
  company(companyId: number): string;
}

export function webLinks(baseUrl: string, brandId: string): WebLinks {
  const app = `${baseUrl}/${brandId}/#`;
  return {
    item: (id, type) => `${app}/${DETAIL_ROUTES[type] ?? 'tender/index'}?id=${id}`,
    company: (companyId) => `${app}/enterpriseDetails?companyId=${companyId}`,
  };
}

function line(label: string, value: string | null | undefined): string | undefined {
  return value ? `${label}：${value}` : undefined;
}

function lines(...entries: (string | undefined)[]): string {
  return entries.filter((entry) => entry !== undefined).join('\n');
}

export function searchRecordText(record: SearchRecord, links: WebLinks, position: number): string {
  const winners = record.winners
    .map((winner) => [winner.lot, winner.name, winner.amountText].filter(Boolean).join(' '))
    .join('；');
  return lines(
    `${position}. ${record.title}`,
    `   类型：${record.typeLabel}　日期：${record.publishDate}　地区：${record.regionText || '未注明'}`,
    line('   预算', record.budgetText),
    line('   中标金额', record.awardText),
    line('   采购人', record.purchaser),
    line('   代理机构', record.agency),
    line('   中标人', winners),
    line('   投标截止', record.bidDeadline),
    `   编号：${record.id}　链接：${links.item(record.id, record.docType)}`,
  );
}

/** 即将到期: each contract with its evidence, the award notice's period phrase and how the end was found. */
function expiringPageText(page: ExpiringContractPage, links: WebLinks, nextCursor: string | null): string {
  if (page.records.length === 0) return `${page.fromDate} 至 ${page.toDate} 没有即将到期的合同。`;
  return [
    `${page.fromDate} 至 ${page.toDate} 即将到期的合同共 ${page.total} 条（第 ${page.pageNumber} 页）：`,
    ...page.records.map((record, index) =>
      lines(
        `${(page.pageNumber - 1) * page.pageSize + index + 1}. ${record.title}`,
        `   预计到期：${record.predictedEndDate}（${record.daysLeft} 天后，${record.endBasis === 'stated' ? '公告写明' : '按公告日加服务期推算'}）`,
        `   依据：${record.periodText}（中标公告 ${record.publishDate}）`,
        `   地区：${record.regionText || '未注明'}${record.industryName ? `　行业：${record.industryName}` : ''}`,
        line('   采购人', record.purchaser),
        line('   中标人', record.winners.join('、')),
        line('   中标金额', record.awardText),
        `   编号：${record.id}　链接：${links.item(record.id, 'jg')}`,
      ),
    ),
    ...(nextCursor ? [`下一页传 cursor = ${nextCursor}`] : []),
  ].join('\n');
}

export function searchPageText(
  page: { records: SearchRecord[]; totalText: string; pageNumber: number; lastPage: number },
  links: WebLinks,
  nextCursor: string | null,
): string {
  if (page.records.length === 0) return '没有找到符合条件的信息。';
  const first = (page.pageNumber - 1) * page.records.length;
  return [
    `共 ${page.totalText} 条，第 ${page.pageNumber}/${page.lastPage} 页：`,
    ...page.records.map((record, index) => searchRecordText(record, links, first + index + 1)),
    nextCursor ? `下一页：cursor = ${nextCursor}` : '（已是最后一页）',
  ].join('\n\n');
}

function partyNames(parties: ItemDetail['purchasers']): string {
  return parties
    .map((party) =>
      [party.lot, party.name, party.amount?.wanYuanText, party.contactName, party.contactPhone]
        .filter(Boolean)
        .join(' '),
    )
    .join('；');
}

/** The body is long: the first characters are enough for an assistant to answer, the link has the rest. */
const BODY_CHARACTERS = 1500;

export function itemDetailText(detail: ItemDetail, links: WebLinks): string {
  const body = [...detail.body.replace(/\s+/g, ' ').trim()];
  return lines(
    detail.title,
    `类型：${detail.noticeKindName ?? detail.procurementMethodName ?? detail.typeName}　日期：${detail.publishDate}　地区：${detail.regionText || '未注明'}`,
    line('行业', detail.industryName),
    line('项目名称', detail.projectName),
    line('项目编号', detail.projectCode),
    line('预算', detail.budget?.wanYuanText),
    line('中标金额', detail.award?.wanYuanText),
    line('采购人', partyNames(detail.purchasers)),
    line('代理机构', partyNames(detail.agencies)),
    line('中标人', partyNames(detail.winners)),
    line('候选人', partyNames(detail.candidates)),
    line('投标截止', detail.bidDeadline),
    line('开标时间', detail.openingTime),
    line('总投资', detail.project?.totalInvestment?.wanYuanText),
    line('审批阶段', detail.project?.stageName),
    `编号：${detail.id}　链接：${links.item(detail.id, detail.type)}`,
    `今日查看次数：${quotaText(detail.pass)}`,
    '',
    body.length > BODY_CHARACTERS ? `${body.slice(0, BODY_CHARACTERS).join('')}……` : body.join(''),
  );
}

export function companyText(profile: CompanyProfile, links: WebLinks): string {
  const { counts } = profile;
  return lines(
    profile.name,
    line('统一社会信用代码', profile.creditCode),
    line('地区', profile.regionText),
    `作为采购人 ${counts.purchaser} 次（招标预算合计 ${counts.purchaseBudgetWanYuanText}），中标 ${counts.winner} 次（中标金额合计 ${counts.wonWanYuanText}），代理 ${counts.agency} 次，候选 ${counts.candidate} 次`,
    line('最近活跃', profile.lastActiveDate),
    line('主要地区', profile.regions.map((region) => `${region.name} ${region.items}`).join('、')),
    line('主要行业', profile.industries.map((industry) => `${industry.name} ${industry.items}`).join('、')),
    line(
      '竞争对手',
      profile.rivals.map((rival) => `${rival.name}（${rival.items} 个共同采购人）`).join('、'),
    ),
    `企业编号：${profile.companyId}　链接：${links.company(profile.companyId)}`,
    `今日企业详情查看次数：${quotaText(profile.permission)}`,
  );
}

export function quotaText(pass: { limit: number; used: number | null; remaining: number | null }): string {
  if (pass.limit === -1) return '不限';
  return `已用 ${pass.used ?? 0}，剩余 ${pass.remaining ?? 0}（每日 ${pass.limit}）`;
}

interface NamedAmount {
  companyId: number;
  name: string;
  items: number;
  amountWanYuanText: string;
}

function companyListText(title: string, companies: readonly NamedAmount[], links: WebLinks): string {
  if (companies.length === 0) return `${title}：无`;
  return [
    `${title}：`,
    ...companies.map(
      (company, index) =>
        `${index + 1}. ${company.name}　${company.items} 次　${company.amountWanYuanText}　企业编号 ${company.companyId}　${links.company(company.companyId)}`,
    ),
  ].join('\n');
}

const WAN_YUAN_FEN = 1_000_000;

function wanYuan(fen: number): string {
  return `${(fen / WAN_YUAN_FEN).toFixed(2)}万元`;
}

function percent(ratio: number | null): string {
  return ratio === null ? '—' : `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)}%`;
}

/** Each operation's `data` as text; the JSON itself for an operation without a text of its own. */
export function operationText(
  name: string,
  // biome-ignore lint/suspicious/noExplicitAny: each case reads the answer its operation's contract checked
  data: any,
  links: WebLinks,
  nextCursor: string | null,
): string {
  switch (name) {
    case 'search_notices':
    case 'search_all':
      return searchPageText(data, links, nextCursor);
    case 'get_notice':
    case 'get_project':
      return itemDetailText(data, links);
    case 'get_company':
      return companyText(data, links);
    case 'search_companies':
      return [
        `共 ${data.totalText} 家企业：`,
        ...data.records.map(
          (company: CompanyProfile, index: number) =>
            `${index + 1}. ${company.name}（${company.regionText || '地区未注明'}）　采购 ${company.counts.purchaser} 次，中标 ${company.counts.winner} 次（${company.counts.wonWanYuanText}）　企业编号 ${company.companyId}　${links.company(company.companyId)}`,
        ),
        nextCursor ? `下一页：cursor = ${nextCursor}` : '（已是最后一页）',
      ].join('\n');
    case 'company_partners':
      return [
        companyListText('中标其采购的供应商', data.suppliers, links),
        companyListText('其中标的采购人', data.owners, links),
        companyListText('代理机构', data.agencies, links),
        `今日合作伙伴查看次数：${quotaText(data.permission)}`,
      ].join('\n\n');
    case 'potential_bidders':
      return [
        `依据关键词：${data.keywords.join('、') || '无'}；相似的历史结果 ${data.similarItems} 条；潜在投标人共 ${data.totalText} 家：`,
        ...data.records.map(
          (bidder: {
            rank: number;
            name: string;
            companyId: number;
            wins: number;
            lastWinDate: string;
            score: number;
          }) =>
            `${bidder.rank}. ${bidder.name}　相似中标 ${bidder.wins} 次，最近 ${bidder.lastWinDate}，得分 ${bidder.score}　企业编号 ${bidder.companyId}　${links.company(bidder.companyId)}`,
        ),
        nextCursor ? `下一页：cursor = ${nextCursor}` : '（已是最后一页）',
      ].join('\n');
    case 'market_aggregation':
      return [
        `${data.startMonth} 至 ${data.endMonth}，与 ${data.previousStartMonth} 至 ${data.previousEndMonth} 同比：`,
        ...data.groups.map(
          (group: {
            name: string;
            items: number;
            budgetFen: number;
            awardFen: number;
            itemsYoY: number | null;
            awardYoY: number | null;
          }) =>
            `${group.name || '未注明'}：${group.items} 条（同比 ${percent(group.itemsYoY)}），预算 ${wanYuan(group.budgetFen)}，中标 ${wanYuan(group.awardFen)}（同比 ${percent(group.awardYoY)}）`,
        ),
        data.sampled ? '（关键词条件下按最新的部分匹配统计）' : '',
      ]
        .filter(Boolean)
        .join('\n');
    case 'top_companies':
      return companyListText(
        `${data.startMonth} 至 ${data.endMonth} ${data.role === 'purchaser' ? '采购人' : '供应商'}排行`,
        data.records,
        links,
      );
    case 'subscription_feed':
      return data.records.length === 0
        ? `没有新的订阅信息。下次调用传 cursor = ${nextCursor}`
        : [
            `新的订阅信息 ${data.records.length} 条：`,
            ...data.records.map(
              (
                record: {
                  id: number;
                  type: string;
                  title: string;
                  publishDate: string;
                  regionText: string;
                  amount: { wanYuanText: string } | null;
                  purchaserName: string | null;
                  words: string[];
                },
                index: number,
              ) =>
                lines(
                  `${index + 1}. ${record.title}`,
                  `   日期：${record.publishDate}　地区：${record.regionText || '未注明'}${record.amount ? `　金额：${record.amount.wanYuanText}` : ''}`,
                  line('   采购人', record.purchaserName),
                  line('   命中', record.words.join('、')),
                  `   编号：${record.id}　链接：${links.item(record.id, record.type)}`,
                ),
            ),
            `下次调用传 cursor = ${nextCursor}，只取之后的新信息`,
          ].join('\n');
    case 'expiring_contracts':
      return expiringPageText(data, links, nextCursor);
    default:
      return JSON.stringify(data, null, 2);
  }
}
