import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { callAs } from '../test-support/membership-fixtures';
import { type MemberEverywhere, memberInEveryTable } from '../test-support/personal-data-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';

/**
 * Tables with a member column that hold no personal data, and why. Empty today: every such table is in the copy.
 * A table added here must say why its rows are not about the person (a bare rate counter, say).
 */
const NOT_PERSONAL_DATA: Readonly<Record<string, string>> = {};

/** Secrets that prove a token or a code: never in a copy. */
const SECRET_COLUMNS = ['token_hash', 'claim_secret_hash', 'mini_program_secret_hash', 'code_hash', 'salt'];

interface MemberColumn {
  table: string;
  column: string;
}

/**
 * Every column of every table that names a member: `user_id` and `mobile` columns, and every foreign key to
 * user_account. Read from the catalogue, so a table added later is found without anyone listing it.
 */
async function memberColumns(db: Queryable): Promise<MemberColumn[]> {
  return db.query<MemberColumn>(
    `SELECT c.table_name AS "table", c.column_name AS "column"
     FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
       AND c.column_name IN ('user_id', 'mobile')
     UNION
     SELECT cl.relname::text, a.attname::text
     FROM pg_constraint con
     JOIN pg_class cl ON cl.oid = con.conrelid
     JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = ANY (con.conkey)
     WHERE con.contype = 'f' AND con.confrelid = 'user_account'::regclass
     ORDER BY 1, 2`,
  );
}

/** The rows of each table that name the member (by account, or by phone). */
async function memberRowCounts(db: Queryable, member: MemberEverywhere): Promise<Map<string, number>> {
  const byTable = new Map<string, string[]>();
  for (const { table, column } of await memberColumns(db)) {
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const counts = new Map<string, number>();
  for (const [table, columns] of byTable) {
    // The account's id for user_id and foreign keys, its phone for mobile columns.
    const params = columns.map((column) => (column === 'mobile' ? member.mobile : member.userId));
    const matches = columns.map((column, index) => `${column} = $${index + 1}`);
    const [row] = await db.query<{ rows: number }>(
      `SELECT count(*)::int AS rows FROM ${table} WHERE ${matches.join(' OR ')}`,
      params,
    );
    counts.set(table, row?.rows ?? 0);
  }
  return counts;
}

describe.each(testDatabaseTargets())('个人信息副本 ($name)', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers only with a session', async () => {
    const answer = await callApi(server.app, 'GET', '/webchat/api/userCenter/personalData');
    expect(answer.code).toBe(401);
  });

  it("holds the member's rows of every table that mentions a member, and no secrets", {
    timeout: 120_000,
  }, async () => {
    const member = await memberInEveryTable(server);
    const counts = await memberRowCounts(server.db, member);
    const answer = await callAs(server, member, 'GET', '/webchat/api/userCenter/personalData');
    expect(answer.code, answer.message).toBe(200);
    const sections = new Map(
      (answer.data.sections as { table: string; title: string; rows: Record<string, unknown>[] }[]).map(
        (section) => [section.table, section],
      ),
    );

    const uncovered: string[] = [];
    for (const [table, rows] of counts) {
      if (table in NOT_PERSONAL_DATA) continue;
      // The fixture must give the member a row in every such table, or the check below proves nothing.
      expect(rows, `the fixture has no ${table} row for the member`).toBeGreaterThan(0);
      if (sections.get(table)?.rows.length !== rows)
        uncovered.push(
          `${table}: ${rows} rows, copy has ${sections.get(table)?.rows.length ?? 'no section'}`,
        );
    }
    expect(uncovered).toEqual([]);

    for (const section of sections.values()) {
      expect(section.title).toMatch(/\p{Script=Han}/u);
      for (const row of section.rows) {
        for (const secret of SECRET_COLUMNS)
          expect(row, `${section.table}.${secret}`).not.toHaveProperty(secret);
      }
    }
    const profile = sections.get('user_account')?.rows[0];
    expect(profile).toMatchObject({
      id: member.userId,
      mobile: member.mobile,
      real_user_name: member.realUserName,
    });
    expect(sections.get('member_order')?.rows).toHaveLength(1);
    expect(sections.get('payment_event')?.rows.length).toBeGreaterThan(0);
  });

  it("never holds another member's rows", { timeout: 120_000 }, async () => {
    const [first, second] = [await memberInEveryTable(server), await memberInEveryTable(server)];
    const answer = await callAs(server, first, 'GET', '/webchat/api/userCenter/personalData');
    const text = JSON.stringify(answer.data);
    expect(text).toContain(first.mobile);
    expect(text).not.toContain(second.mobile);
    expect(text).not.toContain(second.realUserName);
  });
});
