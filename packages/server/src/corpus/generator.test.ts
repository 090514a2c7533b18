import { describe, expect, it } from 'vitest';
import { APPROVAL_STAGES } from '../catalog/approval-stages';
import { areaCatalog } from '../catalog/area-catalog';
import { DOCUMENT_TYPES } from '../catalog/document-types';
import { INDUSTRIES } from '../catalog/industries';
import { medicalDevicesIn } from '../details/medical';
import { type TenderRecord, validateRecord } from '../ingest/record';
import { dedupKey } from '../tenders/normalize';
import { dayFromIso } from './calendar';
import { CATEGORIES, CONSTRUCTION_KINDS } from './categories';
import { defaultUntil, generateCorpus, WINDOW_DAYS } from './generator';

const SIZE = 3000;

function corpus(seed: string, size = SIZE, until?: string): TenderRecord[] {
  return [...generateCorpus({ seed, size, until })].map((input, index) => {
    const validation = validateRecord(input);
    if (!validation.ok) throw new Error(`record ${index + 1}: ${JSON.stringify(validation.problems)}`);
    return validation.record;
  });
}

const items = corpus('generator-test');
const byType = (type: string) => items.filter((item) => item.announcementType === type);
const purchaserOf = (item: TenderRecord) => item.parties?.find((party) => party.role === 'purchaser')?.name;

describe('generateCorpus', () => {
  it('gives exactly the requested number of items, identical for the same seed and size', () => {
    expect(items).toHaveLength(SIZE);
    expect(corpus('generator-test')).toEqual(items);
    const other = corpus('another-seed');
    expect(other).toHaveLength(SIZE);
    expect(other.map((item) => item.title)).not.toEqual(items.map((item) => item.title));
    expect([...generateCorpus({ seed: 'x', size: 0 })]).toEqual([]);
    expect(corpus('generator-test', 7)).toHaveLength(7);
  });

  it('streams: the first items come out before the rest are made', () => {
    const stream = generateCorpus({ seed: 'stream', size: 1_000_000 });
    const first = stream.next();
    expect(first.done).toBe(false);
    expect(validateRecord(first.value).ok).toBe(true);
    stream.return(undefined);
  });

  it('publishes in date order over the two years before the reference date, which comes from the seed', () => {
    const until = defaultUntil('generator-test');
    expect(defaultUntil('generator-test')).toBe(until);
    expect(until.startsWith('2026-')).toBe(true);
    const dates = items.map((item) => item.publishDate);
    expect([...dates].sort()).toEqual(dates);
    const first = dayFromIso(dates[0] ?? '');
    const last = dayFromIso(dates.at(-1) ?? '');
    expect(first).toBeGreaterThanOrEqual(dayFromIso(until) - WINDOW_DAYS + 1);
    expect(first - (dayFromIso(until) - WINDOW_DAYS + 1)).toBeLessThan(10);
    expect(last).toBeLessThanOrEqual(dayFromIso(until));
    expect(dayFromIso(until) - last).toBeLessThan(10);
    const chosen = corpus('generator-test', 50, '2025-06-30');
    expect((chosen.at(-1)?.publishDate ?? '') <= '2025-06-30').toBe(true);
    // Weekends publish little.
    const weekend = dates.filter((date) => [0, 6].includes(new Date(date).getUTCDay())).length;
    expect(weekend / SIZE).toBeLessThan(0.06);
  });

  it('uses only codes the catalog knows, with regions inside each other', () => {
    const types = new Set(DOCUMENT_TYPES.map((type) => type.code));
    const methods = new Set(DOCUMENT_TYPES.find((type) => type.code === 'zb')?.children.map((m) => m.code));
    const stages = new Set(APPROVAL_STAGES.map((stage) => stage.code));
    const divisions = new Set(
      INDUSTRIES.flatMap((section) => section.children.map((division) => division.code)),
    );
    const known = (code: string | null | undefined) => !code || areaCatalog().resolveCode(code) === code;
    for (const item of items) {
      expect(types.has(item.announcementType)).toBe(true);
      if (item.procurementMethod) expect(methods.has(item.procurementMethod)).toBe(true);
      if (item.approval?.stage) expect(stages.has(item.approval.stage)).toBe(true);
      expect(divisions.has(item.industryCode ?? '')).toBe(true);
      const region = item.region;
      expect(region?.provinceCode).toMatch(/^\d{2}0000$/);
      expect(known(region?.provinceCode) && known(region?.cityCode) && known(region?.districtCode)).toBe(
        true,
      );
      expect(region?.cityCode?.slice(0, 2)).toBe(region?.provinceCode?.slice(0, 2));
      if (region?.districtCode) expect(region.districtCode.slice(0, 4)).toBe(region.cityCode?.slice(0, 4));
      // No Hong Kong, Macao or Taiwan: they publish no mainland procurement notices.
      expect(['710000', '810000', '820000']).not.toContain(region?.provinceCode);
    }
    expect(new Set(items.map((item) => item.approval?.stage).filter(Boolean)).size).toBeGreaterThan(5);
  });

  it('fills the fields each type needs, and bodies in the structure real notices use', () => {
    for (const item of items) {
      expect(item.sourceId).toBeTruthy();
      expect(item.sourceUrl).toMatch(/^https:\/\/demo\.example\.com\//);
      expect(item.projectKey).toBeTruthy();
      expect(purchaserOf(item)).toBeTruthy();
      expect(item.body.length).toBeGreaterThan(100);
    }
    for (const tender of byType('zb').filter((item) => item.procurementMethod !== 'dy')) {
      for (const heading of [
        '一、项目基本情况',
        '二、申请人的资格要求',
        '三、获取',
        '五、公告期限',
        '六、其他补充事宜',
        '七、',
      ]) {
        expect(tender.body).toContain(heading);
      }
      expect(tender.body).toContain(`项目编号：${tender.projectCode}`);
      expect(tender.body).toContain(`预算金额：${tender.budget?.raw}`);
      expect(tender.deadlines?.bidDeadline).toBeTruthy();
      expect(
        tender.deadlines?.documentsFrom &&
          tender.deadlines.documentsFrom < (tender.deadlines.bidDeadline ?? ''),
      ).toBe(true);
      expect(tender.body).toContain(purchaserOf(tender) ?? '');
    }
    for (const result of byType('jg').filter((item) => item.noticeKind !== 'failed')) {
      const winners = result.parties?.filter((party) => party.role === 'winner') ?? [];
      expect(winners.length).toBeGreaterThan(0);
      for (const winner of winners) expect(result.body).toContain(winner.name);
    }
    for (const intention of byType('yx')) expect(intention.expectedPurchaseMonth).toMatch(/-01$/);
    for (const approval of byType('sp')) {
      expect(approval.approval).toMatchObject({ stage: expect.any(String), authority: expect.any(String) });
      expect(approval.approval?.approvalCode).toMatch(/^\d{4}-\d{6}-\d{2}-0[123]-\d{6}$/);
      expect(approval.approval?.documentNumber).toBeTruthy();
      expect(approval.construction?.totalInvestment?.fen).toBeGreaterThan(0);
    }
    for (const proposed of byType('nj')) expect(proposed.construction?.scale).toBeTruthy();
    expect(new Set(items.map((item) => item.sourceId)).size).toBe(SIZE);
    const keys = items.map((item) =>
      dedupKey({
        title: item.title,
        projectCode: item.projectCode ?? null,
        purchaser: purchaserOf(item) ?? null,
        publishDate: item.publishDate,
      }),
    );
    expect(new Set(keys).size).toBe(SIZE);
  });

  it('publishes results after their tenders, under the same project key, with winners from a pool', () => {
    const tenders = new Map(byType('zb').map((tender) => [tender.projectKey, tender]));
    let followed = 0;
    for (const result of byType('jg')) {
      const tender = tenders.get(result.projectKey);
      if (!tender) continue;
      followed += 1;
      expect(result.publishDate > tender.publishDate).toBe(true);
      expect(result.projectCode).toBe(tender.projectCode);
      expect(purchaserOf(result)).toBe(purchaserOf(tender));
      for (const winner of result.parties?.filter((party) => party.role === 'winner') ?? []) {
        expect(winner.award?.fen).toBeLessThanOrEqual(result.budget?.fen ?? 0);
      }
    }
    expect(followed / byType('jg').length).toBeGreaterThan(0.9);
    for (const change of byType('bg')) {
      const tender = tenders.get(change.projectKey);
      if (tender) expect(change.publishDate > tender.publishDate).toBe(true);
    }
    for (const intention of byType('yx')) {
      const tender = tenders.get(intention.projectKey);
      if (tender) expect(intention.publishDate < tender.publishDate).toBe(true);
    }
    const wins = new Map<string, number>();
    for (const result of byType('jg')) {
      for (const winner of result.parties?.filter((party) => party.role === 'winner') ?? []) {
        wins.set(winner.name, (wins.get(winner.name) ?? 0) + 1);
      }
    }
    // Companies have histories: the popular ones win again and again.
    expect(Math.max(...wins.values())).toBeGreaterThanOrEqual(5);
    expect(wins.size).toBeLessThan(byType('jg').length);
  });

  it('states the 医疗器械注册证 of the devices in some medical awards, as the medical detail reads them', () => {
    const medicalAwards = items.filter(
      (item) => item.announcementType === 'jg' && item.industryCode === '35',
    );
    const devices = medicalAwards.flatMap((item, index) => medicalDevicesIn(item.body, index));
    const stating = new Set(devices.map((device) => device.sourceId));
    expect(stating.size).toBeGreaterThan(0);
    expect(stating.size).toBeLessThan(medicalAwards.length);
    for (const device of devices) {
      expect(device).toMatchObject({
        name: expect.any(String),
        brand: expect.any(String),
        holder: expect.any(String),
      });
      expect(device.approvedOn).toMatch(/^2022-\d{2}-\d{2}$/);
      expect(device.validUntil).toMatch(/^2027-\d{2}-\d{2}$/);
    }
  });

  it('has more tenders than results, and every type', () => {
    const counts = Object.fromEntries(DOCUMENT_TYPES.map((type) => [type.code, byType(type.code).length]));
    for (const type of DOCUMENT_TYPES) expect(counts[type.code]).toBeGreaterThan(0);
    expect(counts.zb).toBeGreaterThan(counts.jg ?? 0);
    expect(counts.jg).toBeGreaterThan((counts.bg ?? 0) + (counts.yg ?? 0));
    expect((counts.zb ?? 0) / SIZE).toBeGreaterThan(0.3);
  });

  it('keeps budgets in the range of their industry, drawn log-normally', () => {
    const ranges = new Map<string, [number, number]>();
    for (const { industryCode, minYuan, maxYuan } of [
      ...CATEGORIES,
      ...CONSTRUCTION_KINDS.map((kind) => ({ ...kind, minYuan: kind.minYuan })),
    ]) {
      const [low, high] = ranges.get(industryCode) ?? [Number.POSITIVE_INFINITY, 0];
      ranges.set(industryCode, [Math.min(low, minYuan * 100), Math.max(high, maxYuan * 100)]);
    }
    const medical: number[] = [];
    for (const item of items) {
      const [low, high] = ranges.get(item.industryCode ?? '') ?? [0, 0];
      const amount = item.budget?.fen ?? item.construction?.totalInvestment?.fen;
      expect(amount).toBeGreaterThanOrEqual(low);
      expect(amount).toBeLessThanOrEqual(high);
      if (item.announcementType === 'zb' && item.industryCode === '35') medical.push(item.budget?.fen ?? 0);
    }
    // Log-normal: the mean sits well above the median, and amounts spread over orders of magnitude.
    medical.sort((a, b) => a - b);
    const median = medical[Math.floor(medical.length / 2)] ?? 0;
    const mean = medical.reduce((sum, fen) => sum + fen, 0) / medical.length;
    expect(mean).toBeGreaterThan(median * 1.2);
    expect((medical.at(-1) ?? 0) / (medical[0] ?? 1)).toBeGreaterThan(20);
  });

  it('names purchasers like real institutions and places big cities first', () => {
    const institution =
      /(医院|保健院|学校|中学|小学|大学|学院|公安|教育|住房和城乡建设|交通运输|公路|城市管理|水务局|水利|卫生健康|机关事务|人民政府|街道办事处|供电公司|电力有限公司|投资|城市发展|疾病预防控制中心|生态环境|自然资源|市场监督管理局|文化广电旅游局|图书馆|博物馆|有限公司|服务中心|公安厅|教育厅|水利厅)/;
    const purchasers = new Set(items.map(purchaserOf));
    for (const name of purchasers) expect(name).toMatch(institution);
    expect(purchasers.size).toBeGreaterThan(SIZE / 4);
    const byCity = new Map<string, number>();
    for (const item of items) {
      const city = item.region?.cityCode ?? '';
      byCity.set(city, (byCity.get(city) ?? 0) + 1);
    }
    const top = [...byCity.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([code]) => code);
    expect(
      top.filter((code) => ['110100', '310100', '440100', '440300'].includes(code)).length,
    ).toBeGreaterThanOrEqual(3);
    const agencies = items.flatMap((item) => item.parties?.filter((party) => party.role === 'agency') ?? []);
    for (const agency of agencies) expect(agency.name).toMatch(/(招标|咨询|项目管理|采购中心|交易中心)/);
  });
});
