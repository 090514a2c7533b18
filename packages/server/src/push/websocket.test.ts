import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hanWord, importRecords, tenderRecord } from '../subscriptions/test-fixtures';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { callAs, grant, type MemberTestUser, newMember } from '../test-support/membership-fixtures';
import { consentVersionOf, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { PUSH_CLOSE_CODES, PUSH_LIMITS } from './websocket';

const MINUTE = 60_000;

interface OpenSocket {
  socket: WebSocket;
  messages: { type: string; data?: { title?: string } }[];
  closed: Promise<{ code: number; reason: string }>;
}

describe.each(testDatabaseTargets())('websocket sessions on $name', (target) => {
  let server: TestServer;
  let baseUrl: string;
  let dir: string;
  const opened: WebSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(target, [], { feedPushIntervalMs: 100 });
    baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'tender-websocket-'));
  });
  afterAll(async () => {
    for (const socket of opened) socket.terminate();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function openSocket(user: { brand: string; token: string }): Promise<OpenSocket> {
    const socket = new WebSocket(
      `${baseUrl.replace('http', 'ws')}/webchat/websocket?brand=${user.brand}&token=${user.token}`,
    );
    opened.push(socket);
    const messages: OpenSocket['messages'] = [];
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    return new Promise((resolve, reject) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data));
        if (message.type === 'ready') resolve({ socket, messages, closed });
        else messages.push(message);
      });
      socket.on('error', reject);
    });
  }

  /** A member subscribed to `word`, with an open socket. */
  async function subscribedMember(word: string): Promise<{ user: MemberTestUser; open: OpenSocket }> {
    const user = await newMember(server, 'alpha');
    await grant(server, user, 'qiyetong', 1);
    const saved = await callAs(server, user, 'POST', '/webchat/api/subscribe/group/save', {
      kind: 'tender',
      includeWords: [word],
    });
    expect(saved.code, saved.message).toBe(200);
    return { user, open: await openSocket(user) };
  }

  async function waitFor<T>(read: () => T | undefined): Promise<T> {
    for (;;) {
      const value = read();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Imports an item matching `word` and waits until the control member's socket has it: the feed push has run
   * past that item, so a push to the ended socket would have been sent by then.
   */
  async function pushAfterwards(word: string, control: OpenSocket): Promise<string> {
    const title = `${word}设备采购公开招标公告`;
    await importRecords(server, dir, [tenderRecord({ title })]);
    await waitFor(() => control.messages.find((message) => message.data?.title === title));
    return title;
  }

  async function smsCode(mobile: string, purpose: string): Promise<string> {
    server.clock.advance(13 * MINUTE);
    const sent = await callApi(server.app, 'POST', '/webchat/api/login/sendMessageCode', {
      params: { mobile, purpose, consentVersion: consentVersionOf('alpha') },
    });
    expect(sent.code, sent.message).toBe(200);
    const outbox = await server.app.inject({
      method: 'GET',
      url: `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`,
    });
    return outbox.json().data.code;
  }

  it('closes the socket of a session that signs out, and pushes nothing to it afterwards', async () => {
    const word = hanWord(3);
    const { user, open } = await subscribedMember(word);
    const control = await subscribedMember(word);
    const logout = await callAs(server, user, 'POST', '/webchat/api/login/logout');
    expect(logout.code).toBe(200);
    expect(await open.closed).toEqual({ code: PUSH_CLOSE_CODES.signedOut, reason: 'signed out' });
    const title = await pushAfterwards(word, control.open);
    expect(open.messages.filter((message) => message.data?.title === title)).toEqual([]);
    control.open.socket.close();
  }, 15_000);

  it('closes the socket of a session that a sign-in elsewhere superseded (4011)', async () => {
    const word = hanWord(3);
    const { user, open } = await subscribedMember(word);
    const control = await subscribedMember(word);
    server.clock.advance(2 * MINUTE);
    const again = await signIn(server, 'alpha', user.mobile);
    expect(await open.closed).toEqual({
      code: PUSH_CLOSE_CODES.signedInElsewhere,
      reason: 'signed in elsewhere',
    });
    // the new session's socket opens and is pushed to; the old one got nothing more
    const current = await openSocket({ brand: 'alpha', token: again.token });
    const title = await pushAfterwards(word, control.open);
    await waitFor(() => current.messages.find((message) => message.data?.title === title));
    expect(open.messages.filter((message) => message.data?.title === title)).toEqual([]);
    current.socket.close();
    control.open.socket.close();
  }, 15_000);

  it('closes every socket of an account that is frozen', async () => {
    const word = hanWord(3);
    const { user, open } = await subscribedMember(word);
    const second = await openSocket(user);
    const control = await subscribedMember(word);
    const frozen = await callAs(server, user, 'POST', '/webchat/api/login/frozenAccount', {
      code: await smsCode(user.mobile, 'frozen'),
    });
    expect(frozen.code, frozen.message).toBe(200);
    for (const socket of [open, second]) {
      expect(await socket.closed).toEqual({ code: PUSH_CLOSE_CODES.frozen, reason: 'account frozen' });
    }
    const title = await pushAfterwards(word, control.open);
    expect(open.messages.filter((message) => message.data?.title === title)).toEqual([]);
    control.open.socket.close();
  }, 15_000);

  it('closes a socket whose session another API node ended (the periodic re-check)', async () => {
    const { user, open } = await subscribedMember(hanWord(3));
    // what a logout on another node leaves: only the row, no in-process notice here
    await server.db.query(
      `UPDATE user_session SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`,
      [user.userId],
    );
    expect(await open.closed).toEqual({ code: PUSH_CLOSE_CODES.signedOut, reason: 'signed out' });
  }, 15_000);

  it('re-checks the sessions of all open sockets in one statement, and closes every ended one', async () => {
    const members = [
      await newMember(server, 'alpha'),
      await newMember(server, 'alpha'),
      await newMember(server, 'alpha'),
    ];
    const sockets: OpenSocket[] = [];
    for (const member of members) sockets.push(await openSocket(member), await openSocket(member));
    const userIds = members.map((member) => member.userId);
    const sessionIds = (
      await server.db.query<{ id: string }>(
        'SELECT id::text AS id FROM user_session WHERE user_id = ANY($1)',
        [userIds],
      )
    ).map((row) => row.id);
    expect(sessionIds).toHaveLength(3);
    // The statements the periodic re-check sends while the sessions end on "another node" (only the rows).
    const rechecks: string[][] = [];
    const query = server.db.query;
    server.db.query = ((text: string, params?: unknown[]) => {
      if (text.includes('FROM user_session s JOIN user_account u')) rechecks.push(params?.[0] as string[]);
      return query.call(server.db, text, params);
    }) as typeof query;
    try {
      await query.call(server.db, 'UPDATE user_session SET revoked_at = now() WHERE user_id = ANY($1)', [
        userIds,
      ]);
      for (const open of sockets) expect((await open.closed).code).toBe(PUSH_CLOSE_CODES.signedOut);
    } finally {
      server.db.query = query;
    }
    // One statement per check for every socket, not one per socket.
    expect(rechecks.length).toBeGreaterThan(0);
    for (const ids of rechecks) expect(ids).toEqual(expect.arrayContaining(sessionIds));
  }, 15_000);

  it(`keeps at most ${PUSH_LIMITS.socketsPerMember} sockets per member: a new one closes the oldest`, async () => {
    const user = await newMember(server, 'alpha');
    const sockets: OpenSocket[] = [];
    for (let index = 0; index < PUSH_LIMITS.socketsPerMember; index += 1)
      sockets.push(await openSocket(user));
    const newest = await openSocket(user);
    expect(await sockets[0]?.closed).toEqual({
      code: PUSH_CLOSE_CODES.tooManySockets,
      reason: 'too many connections',
    });
    for (const open of [...sockets.slice(1), newest]) expect(open.socket.readyState).toBe(WebSocket.OPEN);
    for (const open of [...sockets.slice(1), newest]) open.socket.close();
  }, 15_000);

  it('closes a socket that sends a message over the size limit (1009)', async () => {
    const user = await newMember(server, 'alpha');
    const open = await openSocket(user);
    open.socket.send('x'.repeat(PUSH_LIMITS.maxPayloadBytes + 1));
    expect((await open.closed).code).toBe(1009);
  }, 15_000);
});
