import { formatDateTime, maskPhone, RESPONSE_CODES } from '@tender/domain';
import { areaCatalog } from '../catalog/area-catalog';
import type { Database } from '../db/database';
import { quotaDay } from '../gates/quota';
import type { GateCaller, GateService } from '../gates/service';
import { BusinessError } from '../http/business-error';
import { loadMembership } from '../membership/service';
import type { SearchIndex } from '../search/search-index';
import { addMonths, type MarketInput, marketAnalysis } from './market';

export const analysisMessages = {
  primaryQiyeOnly: '仅企业版主账号可查看企业数据统计',
  period: '参数 startDate：起始日期不能晚于结束日期，且区间最长 92 天',
} as const;

const STATISTICS_MAX_DAYS = 92;
const DAY_MS = 86_400_000;

/**
 * Market analysis, the data board and the enterprise's data statistics. The figures are read from `readDb` (a
 * replica may be a moment behind); memberships and usage counters, which the caller may just have changed, from `db`.
 */
export function analysisService(db: Database, gates: GateService, index: SearchIndex, readDb: Database = db) {
  return {
    /** Market analysis needs the analysis feature and a level with bussinessAnalyzer; it spends nothing. */
    async market(caller: GateCaller, input: MarketInput) {
      await gates.enforce(caller, { privilege: 'bussinessAnalyzer', mode: 'peek' });
      return marketAnalysis(readDb, index, input, caller.now);
    },

    /** The data board: the caller's purchased regions (全国 for putong or a 全国 membership), from the rollups. */
    async dashboard(caller: GateCaller) {
      const membership = await loadMembership(db, caller.tenant.id, caller.userId, caller.now);
      const byName = new Map(areaCatalog().provinces.map((province) => [province.name, province.code]));
      const codes = membership.areas.flatMap((area) => {
        const code = byName.get(area);
        return code ? [code] : [];
      });
      const regions = codes.length ? membership.areas.filter((area) => byName.has(area)) : ['全国'];
      const endMonth = formatDateTime(caller.now, 'YYYY-MM');
      const figures = await marketAnalysis(
        readDb,
        index,
        { searchType: 10, searchPattern: 30, area: codes, startMonth: addMonths(endMonth, -11), endMonth },
        caller.now,
      );
      const month = (code: string) => {
        const row = figures.byMonth.find((entry) => entry.code === code);
        return { items: row?.items ?? 0, budgetFen: row?.budgetFen ?? 0, awardFen: row?.awardFen ?? 0 };
      };
      return {
        regions,
        thisMonth: month(endMonth),
        lastMonth: month(addMonths(endMonth, -1)),
        byMonth: figures.byMonth,
        byType: figures.byType,
        byIndustry: figures.byIndustry.slice(0, 10),
      };
    },

    /**
     * Usage of every account of the caller's enterprise, per privilege and day (the gate's daily counters,
     * migrations/0005). Only an enterprise's main account at level qiye (spec §2 /dataStatistics).
     */
    async dataStatistics(
      caller: GateCaller,
      input: { startDate?: string | undefined; endDate?: string | undefined },
    ) {
      const membership = await loadMembership(db, caller.tenant.id, caller.userId, caller.now);
      if (membership.level !== 'qiye' || membership.enterprise?.role !== 'primary') {
        throw new BusinessError(RESPONSE_CODES.FORBIDDEN, analysisMessages.primaryQiyeOnly);
      }
      const endDate = input.endDate ?? quotaDay(caller.now);
      const startDate =
        input.startDate ?? quotaDay(new Date(Date.parse(`${endDate}T00:00:00Z`) - 29 * DAY_MS));
      const days = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS + 1;
      if (!(days >= 1 && days <= STATISTICS_MAX_DAYS)) throw new BusinessError(400, analysisMessages.period);
      const accounts = await db.query<{
        user_id: number;
        real_user_name: string;
        mobile: string;
        role: 'primary' | 'sub';
        remark: string;
      }>(
        `SELECT m.user_id, u.real_user_name, u.mobile, m.role, m.remark
         FROM enterprise_member m JOIN user_account u ON u.id = m.user_id
         WHERE m.enterprise_id = $1 ORDER BY m.role = 'primary' DESC, m.joined_at, m.user_id`,
        [membership.enterprise.enterpriseId],
      );
      const usage = await db.query<{ user_id: number; privilege_key: string; day: string; used: number }>(
        `SELECT user_id, privilege_key, day, used FROM quota_usage
         WHERE user_id = ANY($1::bigint[]) AND day BETWEEN $2::date AND $3::date AND used > 0
         ORDER BY day, privilege_key`,
        [accounts.map((account) => account.user_id), startDate, endDate],
      );
      return {
        startDate,
        endDate,
        accounts: accounts.map((account) => {
          const mine = usage.filter((row) => Number(row.user_id) === Number(account.user_id));
          const totals: Record<string, number> = {};
          for (const row of mine) totals[row.privilege_key] = (totals[row.privilege_key] ?? 0) + row.used;
          return {
            userId: Number(account.user_id),
            userName: account.real_user_name || maskPhone(account.mobile),
            mobile: maskPhone(account.mobile),
            role: account.role,
            remark: account.remark,
            totals,
            days: mine.map((row) => ({ day: row.day, privilege: row.privilege_key, used: row.used })),
          };
        }),
      };
    },
  };
}
