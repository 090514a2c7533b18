import { formatDateTime, RESPONSE_CODES } from '@tender/domain';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { gateService } from '../gates/service';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';
import { type Caller, feedPage, privilegeLimit } from '../subscriptions/service';
import { normalizeCompanyName } from '../tenders/normalize';

const text = messages.subscriptions;
type CompanyRole = 'owner' | 'rival' | 'agent';

/**
 * Company monitors (业主, 对手, 代理: the companyMonitor total over the three) and project monitors (the
 * projectMonitor total). Monitors are read by the matcher with each batch (by company and project key), so a
 * change applies to the next item without recompiling the keyword automaton.
 */
export function monitoringService(db: Database, clock: Clock) {
  const gates = gateService(db);

  /** Locks the account, refuses without the privilege (the dialog) or past the total, then runs `add`. */
  async function withinTotal<T>(
    caller: Caller,
    privilege: 'companyMonitor' | 'projectMonitor',
    countSql: string,
    add: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<T>,
  ): Promise<T> {
    const now = clock();
    await gates.enforce({ tenant: caller.tenant, userId: caller.userId, now }, { privilege, mode: 'peek' });
    const limit = await privilegeLimit(db, caller, privilege, now);
    return db.transaction(async (tx) => {
      await tx.query('SELECT id FROM user_account WHERE id = $1 FOR UPDATE', [caller.userId]);
      const [row] = await tx.query<{ count: number }>(countSql, [caller.userId]);
      if (limit >= 0 && (row?.count ?? 0) >= limit) {
        const what = privilege === 'companyMonitor' ? text.companyMonitors : text.projectMonitors;
        throw new BusinessError(RESPONSE_CODES.FORBIDDEN, text.monitorsUsedUp(what, limit));
      }
      return add(tx);
    });
  }

  async function itemOf(id: number) {
    const [item] = await db.query<{ id: number; projectKey: string | null }>(
      'SELECT id, project_key AS "projectKey" FROM tender_item WHERE id = $1',
      [id],
    );
    if (!item) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.gates.itemNotFound);
    return item;
  }

  async function projectState(caller: Caller, itemId: number) {
    const [row] = await db.query<{ used: number; monitored: boolean }>(
      `SELECT count(*)::int AS used, bool_or(item_id = $2) AS monitored FROM project_monitor WHERE user_id = $1`,
      [caller.userId, itemId],
    );
    return {
      id: itemId,
      isMonitor: row?.monitored === true,
      used: row?.used ?? 0,
      limit: await privilegeLimit(db, caller, 'projectMonitor', clock()),
    };
  }

  async function companyCounts(userId: number) {
    const rows = await db.query<{ role: CompanyRole; count: number }>(
      'SELECT role, count(*)::int AS count FROM company_monitor WHERE user_id = $1 GROUP BY role',
      [userId],
    );
    return new Map(rows.map((row) => [row.role, row.count]));
  }

  return {
    async isMonitored(caller: Caller, itemId: number) {
      await itemOf(itemId);
      return projectState(caller, itemId);
    },

    async setProjectMonitor(caller: Caller, itemId: number, monitor: boolean) {
      const item = await itemOf(itemId);
      if (!monitor) {
        await db.query('DELETE FROM project_monitor WHERE user_id = $1 AND item_id = $2', [
          caller.userId,
          itemId,
        ]);
      } else if (!(await projectState(caller, itemId)).isMonitor) {
        await withinTotal(
          caller,
          'projectMonitor',
          'SELECT count(*)::int AS count FROM project_monitor WHERE user_id = $1',
          (tx) =>
            tx.query(
              `INSERT INTO project_monitor (brand_id, user_id, item_id, project_key, created_at)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, item_id) DO NOTHING`,
              [caller.tenant.id, caller.userId, itemId, item.projectKey, clock()],
            ),
        );
      }
      return projectState(caller, itemId);
    },

    async projectList(caller: Caller) {
      const rows = await db.query<{
        id: number;
        itemId: number;
        title: string;
        type: string;
        publishDate: string;
        createdAt: Date;
      }>(
        `SELECT m.id, t.id AS "itemId", t.title, t.doc_type AS type, t.publish_date AS "publishDate", m.created_at AS "createdAt"
           FROM project_monitor m JOIN tender_item t ON t.id = m.item_id
          WHERE m.user_id = $1 ORDER BY m.id DESC`,
        [caller.userId],
      );
      return {
        records: rows.map((row) => ({ ...row, createdAt: formatDateTime(row.createdAt) })),
        used: rows.length,
        limit: await privilegeLimit(db, caller, 'projectMonitor', clock()),
      };
    },

    async companyList(caller: Caller, role: CompanyRole | undefined) {
      const rows = await db.query<{
        id: number;
        companyId: number;
        companyName: string;
        role: CompanyRole;
        createdAt: Date;
      }>(
        `SELECT m.id, c.id AS "companyId", c.name AS "companyName", m.role, m.created_at AS "createdAt"
           FROM company_monitor m JOIN company c ON c.id = m.company_id
          WHERE m.user_id = $1 ${role ? 'AND m.role = $2' : ''} ORDER BY m.id DESC`,
        role ? [caller.userId, role] : [caller.userId],
      );
      const counts = await companyCounts(caller.userId);
      return {
        records: rows.map((row) => ({ ...row, createdAt: formatDateTime(row.createdAt) })),
        used: [...counts.values()].reduce((sum, count) => sum + count, 0),
        limit: await privilegeLimit(db, caller, 'companyMonitor', clock()),
      };
    },

    async addCompany(
      caller: Caller,
      input: { role: CompanyRole; companyId?: number | undefined; companyName?: string | undefined },
    ) {
      const [company] =
        input.companyId !== undefined
          ? await db.query<{ id: number; name: string }>('SELECT id, name FROM company WHERE id = $1', [
              input.companyId,
            ])
          : await db.query<{ id: number; name: string }>(
              'SELECT id, name FROM company WHERE normalized_name = $1',
              [normalizeCompanyName(input.companyName ?? '')],
            );
      if (!company) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, text.companyNotFound);
      const existing = await db.query<{ id: number; createdAt: Date }>(
        'SELECT id, created_at AS "createdAt" FROM company_monitor WHERE user_id = $1 AND company_id = $2 AND role = $3',
        [caller.userId, company.id, input.role],
      );
      const row =
        existing[0] ??
        (await withinTotal(
          caller,
          'companyMonitor',
          'SELECT count(*)::int AS count FROM company_monitor WHERE user_id = $1',
          async (tx) => {
            const [inserted] = await tx.query<{ id: number; createdAt: Date }>(
              `INSERT INTO company_monitor (brand_id, user_id, company_id, role, created_at) VALUES ($1, $2, $3, $4, $5)
             RETURNING id, created_at AS "createdAt"`,
              [caller.tenant.id, caller.userId, company.id, input.role, clock()],
            );
            return inserted as { id: number; createdAt: Date };
          },
        ));
      return {
        id: row.id,
        companyId: company.id,
        companyName: company.name,
        role: input.role,
        createdAt: formatDateTime(row.createdAt),
      };
    },

    async removeCompany(caller: Caller, id: number) {
      const removed = await db.query(
        'DELETE FROM company_monitor WHERE id = $1 AND user_id = $2 RETURNING 1',
        [id, caller.userId],
      );
      return { removed: removed.length > 0 };
    },

    /** spec §3 the all-monitor object: counts and unread per monitor kind, and the newest monitor hits. */
    async allMonitors(caller: Caller, size: number) {
      const counts = await companyCounts(caller.userId);
      const [projects] = await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM project_monitor WHERE user_id = $1',
        [caller.userId],
      );
      const unread = await db.query<{ kind: string; unread: number }>(
        `SELECT kind, count(*)::int AS unread FROM subscription_feed, unnest(monitor_kinds) AS kind
          WHERE user_id = $1 AND read_at IS NULL GROUP BY kind`,
        [caller.userId],
      );
      const unreadOf = (kind: string) => unread.find((row) => row.kind === kind)?.unread ?? 0;
      const now = clock();
      const recent = await feedPage(
        db,
        'f.user_id = $1 AND cardinality(f.monitor_kinds) > 0',
        [caller.userId],
        size,
        0,
      );
      return {
        owner: { count: counts.get('owner') ?? 0, unread: unreadOf('owner') },
        rival: { count: counts.get('rival') ?? 0, unread: unreadOf('rival') },
        agent: { count: counts.get('agent') ?? 0, unread: unreadOf('agent') },
        project: { count: projects?.count ?? 0, unread: unreadOf('project') },
        companyLimit: await privilegeLimit(db, caller, 'companyMonitor', now),
        projectLimit: await privilegeLimit(db, caller, 'projectMonitor', now),
        recent: recent.records,
      };
    },
  };
}
