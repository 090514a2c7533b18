import type { CompanyProfile, CompanySummary, GatePass, PrivilegeKey } from '@tender/contracts';
import {
  CUSTOMER_LIST_TOTAL_DISPLAY_CAP,
  formatDateTime,
  formatTotalCount,
  RESPONSE_CODES,
} from '@tender/domain';
import type { Database } from '../db/database';
import { amountView, industryName, regionView, roleName, typeName } from '../details/present';
import type { GateCaller, GateService } from '../gates/service';
import { BusinessError } from '../http/business-error';
import { exactTsquery, splitKeywords } from '../search/query';
import { searchIndex } from '../search/search-index';
import { type CompanyRow, companyQueries, type RelatedRow, type RoleCountRow } from './queries';

export const companyMessages = {
  notFound: '该企业不存在',
} as const;

/** 万元 text rounded to two decimals (the detail screens' rule). */
export function wanText(fen: number): string {
  return amountView(fen, null)?.wanYuanText ?? '0万元';
}

const EMPTY_COUNTS = {
  company_id: 0,
  purchaser: 0,
  agency: 0,
  winner: 0,
  candidate: 0,
  won_fen: 0,
  purchase_budget_fen: 0,
  last_active: null,
} satisfies RoleCountRow;

function summary(company: CompanyRow, counts: RoleCountRow | undefined): CompanySummary {
  const c = counts ?? EMPTY_COUNTS;
  return {
    companyId: Number(company.id),
    name: company.name,
    creditCode: company.credit_code,
    regionText: regionView(company.province_code, company.city_code, company.district_code).regionText,
    counts: {
      purchaser: c.purchaser,
      agency: c.agency,
      winner: c.winner,
      candidate: c.candidate,
      wonFen: Number(c.won_fen),
      wonWanYuanText: wanText(Number(c.won_fen)),
      purchaseBudgetFen: Number(c.purchase_budget_fen),
      purchaseBudgetWanYuanText: wanText(Number(c.purchase_budget_fen)),
    },
    lastActiveDate: c.last_active,
  };
}

function related(row: RelatedRow) {
  const amountFen = Number(row.amount_fen);
  return {
    companyId: Number(row.company_id),
    name: row.name,
    items: row.items,
    amountFen,
    amountWanYuanText: wanText(amountFen),
  };
}

const PROVINCE_NAMES = (code: string) => regionView(code, null, null).provinceName ?? code;

/**
 * Company profiles, history, partners, the atlas and the phone book (spec §2 /enterpriseDetails, /enterHistory,
 * /altas). Each guarded call goes through the gate in spend mode with the company as the item, so a second look
 * at the same company the same day costs nothing (src/gates/README.md).
 */
export function companyService(db: Database, gates: GateService, readDb: Database = db) {
  // Company pages read from a replica when there is one; quota spends and the click log stay on `db`.
  const queries = companyQueries(readDb);

  /**
   * One company's figures, kept in the search result cache: they aggregate every item of the company (a supplier's
   * rivals every item of every purchaser it won at), and they change only with the search data version (migration
   * 0016), which every commit to items, companies and their links bumps.
   */
  const figures = <T>(key: string, work: () => Promise<T>): Promise<T> =>
    searchIndex.resultCache.through(readDb, `company ${key}`, work);
  const countsOf = (companyId: number) =>
    figures(
      `counts ${companyId}`,
      async () => (await queries.roleCounts([companyId])).get(companyId) ?? null,
    );
  const rivalsOf = (companyId: number, limit: number) =>
    figures(`rivals ${companyId} ${limit}`, () => queries.rivals(companyId, limit));

  async function companyOf(id: number): Promise<CompanyRow> {
    const company = await queries.find(id);
    if (!company) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, companyMessages.notFound);
    return company;
  }

  /** The company is the gate's item: not region-bound (a company works anywhere). */
  function spend(caller: GateCaller, privilege: PrivilegeKey, companyId: number): Promise<GatePass> {
    return gates.enforce(caller, {
      privilege,
      item: { kind: 'company', id: String(companyId), provinceCode: null },
      mode: 'spend',
    });
  }

  async function partnersOf(companyId: number, limit: number) {
    const [suppliers, owners, agencies] = await figures(`partners ${companyId} ${limit}`, () =>
      Promise.all([
        queries.partners(companyId, 'purchaser', 'winner', limit),
        queries.partners(companyId, 'winner', 'purchaser', limit),
        queries.partners(companyId, 'purchaser', 'agency', limit),
      ]),
    );
    return {
      suppliers: suppliers.map(related),
      owners: owners.map(related),
      agencies: agencies.map(related),
    };
  }

  return {
    async search(input: {
      keyword: string;
      role?: string | undefined;
      pageNumber: number;
      pageSize: number;
    }) {
      const [keyword] = splitKeywords(input.keyword.replace(/\s+/g, ''));
      const tsquery = keyword ? exactTsquery([keyword], 'all') : undefined;
      const page = { pageNumber: input.pageNumber, pageSize: input.pageSize };
      if (!keyword || !tsquery) return { records: [], total: 0, totalText: '0', ...page };
      const { rows, total } = await queries.search(
        tsquery,
        input.keyword.replace(/\s+/g, ''),
        input.role,
        (input.pageNumber - 1) * input.pageSize,
        input.pageSize,
        CUSTOMER_LIST_TOTAL_DISPLAY_CAP,
      );
      const counts = await queries.roleCounts(rows.map((row) => Number(row.id)));
      return {
        records: rows.map((row) => summary(row, counts.get(Number(row.id)))),
        total,
        totalText: formatTotalCount(total, 'potential-customer'),
        ...page,
      };
    },

    async profile(caller: GateCaller, companyId: number): Promise<CompanyProfile> {
      const company = await companyOf(companyId);
      const permission = await spend(caller, 'watchCompanyDetail', companyId);
      const [counts, history, regions, industries, rivals] = await Promise.all([
        countsOf(companyId),
        figures(`years ${companyId}`, () => queries.history(companyId, 'year', null)),
        figures(`provinces ${companyId}`, () => queries.distribution(companyId, 'province_code', 10)),
        figures(`industries ${companyId}`, () => queries.distribution(companyId, 'industry_code', 10)),
        rivalsOf(companyId, 10),
      ]);
      return {
        ...summary(company, counts ?? undefined),
        history: history.map(({ won_fen, ...point }) => ({ ...point, wonFen: Number(won_fen) })),
        regions: regions.map((row) => ({ code: row.code, name: PROVINCE_NAMES(row.code), items: row.items })),
        industries: industries.map((row) => ({
          code: row.code,
          name: industryName(row.code) ?? row.code,
          items: row.items,
        })),
        rivals: rivals.map(related),
        permission,
      };
    },

    async history(
      caller: GateCaller,
      input: { companyId: number; role?: string | undefined; pageNumber: number; pageSize: number },
    ) {
      await companyOf(input.companyId);
      await spend(caller, 'watchCompanyDetail', input.companyId);
      // The last 36 months, counted from the first day of the month 35 months ago (China time).
      const [year, month] = formatDateTime(caller.now, 'YYYY-MM').split('-').map(Number) as [number, number];
      const first = new Date(Date.UTC(year, month - 1 - 35, 1));
      const since = first.toISOString().slice(0, 10);
      const offset = (input.pageNumber - 1) * input.pageSize;
      const [months, items] = await Promise.all([
        figures(`months ${input.companyId} ${since}`, () => queries.history(input.companyId, 'month', since)),
        figures(`items ${input.companyId} ${input.role ?? ''} ${offset} ${input.pageSize}`, () =>
          queries.historyItems(input.companyId, input.role, offset, input.pageSize),
        ),
      ]);
      return {
        months: months.map(({ won_fen, ...point }) => ({ ...point, wonFen: Number(won_fen) })),
        records: items.rows.map((row) => {
          const amountFen = row.amount_fen === null ? null : Number(row.amount_fen);
          return {
            id: Number(row.id),
            type: row.doc_type,
            typeName: typeName(row.doc_type),
            title: row.title,
            publishDate: row.publish_date,
            role: row.role,
            roleName: roleName(row.role, row.doc_type, row.notice_kind),
            regionText: regionView(row.province_code, row.city_code, row.district_code).regionText,
            amountFen,
            amountWanYuanText: amountFen === null ? null : wanText(amountFen),
          };
        }),
        total: items.total,
        pageNumber: input.pageNumber,
        pageSize: input.pageSize,
      };
    },

    async partners(caller: GateCaller, companyId: number) {
      await companyOf(companyId);
      const permission = await spend(caller, 'bussinessAnalyzer', companyId);
      return { ...(await partnersOf(companyId, 20)), permission };
    },

    /** The atlas: the company, its partners by kind and its rivals, with weighted edges. */
    async atlas(caller: GateCaller, companyId: number, limit: number) {
      const company = await companyOf(companyId);
      const permission = await spend(caller, 'bussinessAnalyzer', companyId);
      const [partners, rivals, own] = await Promise.all([
        partnersOf(companyId, limit),
        rivalsOf(companyId, limit),
        countsOf(companyId),
      ]);
      const center = `c${companyId}`;
      type Node = {
        id: string;
        companyId: number;
        name: string;
        kind: 'center' | 'supplier' | 'owner' | 'agency' | 'rival';
        items: number;
      };
      const nodes = new Map<string, Node>([
        [
          center,
          {
            id: center,
            companyId,
            name: company.name,
            kind: 'center',
            items: own ? own.purchaser + own.agency + own.winner + own.candidate : 0,
          },
        ],
      ]);
      const edges: {
        source: string;
        target: string;
        kind: 'supplies' | 'buys' | 'agency' | 'rivals';
        weight: number;
        amountFen: number;
      }[] = [];
      const add = (
        list: ReturnType<typeof related>[],
        kind: Node['kind'],
        edge: (id: string) => { source: string; target: string; kind: (typeof edges)[number]['kind'] },
      ) => {
        for (const other of list) {
          const id = `c${other.companyId}`;
          const existing = nodes.get(id);
          if (existing) existing.items += other.items;
          else nodes.set(id, { id, companyId: other.companyId, name: other.name, kind, items: other.items });
          edges.push({ ...edge(id), weight: other.items, amountFen: other.amountFen });
        }
      };
      add(partners.suppliers, 'supplier', (id) => ({ source: id, target: center, kind: 'supplies' }));
      add(partners.owners, 'owner', (id) => ({ source: center, target: id, kind: 'supplies' }));
      add(partners.agencies, 'agency', (id) => ({ source: id, target: center, kind: 'agency' }));
      add(rivals.map(related), 'rival', (id) => ({ source: center, target: id, kind: 'rivals' }));
      return { nodes: [...nodes.values()], edges, permission };
    },

    async phoneBook(caller: GateCaller, companyId: number) {
      await companyOf(companyId);
      const permission = await spend(caller, 'watchCompanyPhoneBook', companyId);
      const rows = await queries.phoneBook(companyId, 50);
      return {
        entries: rows.map((row) => ({
          contactName: row.contact_name,
          contactPhone: row.contact_phone,
          address: row.address,
          items: row.items,
          lastSeenDate: row.last_seen,
          lastItemId: Number(row.last_item_id),
        })),
        permission,
      };
    },

    async recordNameClick(
      caller: GateCaller,
      input: { companyName: string; id?: number | undefined },
    ): Promise<null> {
      await db.query(
        `INSERT INTO enterprise_name_click (brand_id, user_id, company_name, item_id, clicked_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [caller.tenant.id, caller.userId, input.companyName, input.id ?? null, caller.now],
      );
      return null;
    },
  };
}
