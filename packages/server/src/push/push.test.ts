import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hanWord, importRecords, tenderRecord } from '../subscriptions/test-fixtures';
import { testDatabaseTargets } from '../test-support/databases';
import { type FakeRobot, fakeRobotNetwork, startFakeRobot } from '../test-support/fake-robot';
import { decodeMime, startFakeSmtp } from '../test-support/fake-smtp';
import { callAs, grant, type MemberTestUser, newMember } from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { previousChinaDay, sendDailyDigests, smtpMailer } from './digest';
import { dingTalkSign, feishuSign } from './webhooks';

describe.each(testDatabaseTargets())('push on $name', (target) => {
  let server: TestServer;
  let dir: string;
  let robots: FakeRobot;

  beforeAll(async () => {
    robots = await startFakeRobot();
    server = await startTestServer(target, [], {
      feedPushIntervalMs: 100,
      webhookNetwork: fakeRobotNetwork(robots),
    });
    dir = mkdtempSync(join(tmpdir(), 'tender-push-'));
  });
  afterAll(async () => {
    await robots.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (user: MemberTestUser, path: string, params: Record<string, unknown> = {}) =>
    callAs(server, user, 'POST', path, params);

  async function subscriber(word: string, setting: Record<string, unknown>) {
    const user = await newMember(server, 'alpha');
    await grant(server, user, 'qiyetong', 1);
    expect(
      (await post(user, '/webchat/api/subscribe/group/save', { kind: 'tender', includeWords: [word] })).code,
    ).toBe(200);
    const saved = await post(user, '/webchat/api/subscribe/push-setting/save', setting);
    expect(saved.code, saved.message).toBe(200);
    return user;
  }

  /** Polls until `read` has a value: what is asserted is the order of events, never how long they took. */
  async function waitFor<T>(read: () => T | undefined): Promise<T> {
    for (let attempt = 0; attempt < 1_000; attempt += 1) {
      const value = read();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('never arrived');
  }

  it('pushes matches to WeCom, DingTalk (signed) and Feishu (signed) robots in their formats', async () => {
    const word = hanWord(3);
    const wecom = await subscriber(word, {
      webhookKind: 'wecom',
      webhookUrl: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k1',
    });
    const dingtalk = await subscriber(word, {
      webhookKind: 'dingtalk',
      webhookUrl: 'https://oapi.dingtalk.com/robot/send?access_token=t1',
      webhookSecret: 'SEC-ding',
    });
    const feishu = await subscriber(word, {
      webhookKind: 'feishu',
      webhookUrl: 'https://open.feishu.cn/open-apis/bot/v2/hook/fs-hook',
      webhookSecret: 'fs-secret',
    });
    expect((await post(dingtalk, '/webchat/api/subscribe/push-setting/get')).data).toEqual({
      digestEmail: '',
      webhookKind: 'dingtalk',
      webhookUrl: 'https://oapi.dingtalk.com/robot/send?access_token=t1',
      webhookSigned: true,
    });
    const title = `${word}设备采购公开招标公告`;
    await importRecords(server, dir, [tenderRecord({ title })]);

    const wecomMessage = await waitFor(() =>
      robots.received.find((message) => message.query.get('key') === 'k1'),
    );
    expect(wecomMessage).toMatchObject({ servername: 'qyapi.weixin.qq.com', path: '/cgi-bin/webhook/send' });
    expect(wecomMessage.body).toMatchObject({ msgtype: 'markdown' });
    expect((wecomMessage.body.markdown as { content: string }).content).toContain(title);

    const dingMessage = await waitFor(() =>
      robots.received.find((message) => message.query.get('access_token') === 't1'),
    );
    const timestamp = Number(dingMessage.query.get('timestamp'));
    expect(dingMessage).toMatchObject({ servername: 'oapi.dingtalk.com', path: '/robot/send' });
    expect(dingMessage.query.get('sign')).toBe(dingTalkSign('SEC-ding', timestamp));
    expect(dingMessage.body).toMatchObject({
      msgtype: 'markdown',
      markdown: { title: '您订阅的信息有 1 条更新' },
    });
    expect((dingMessage.body.markdown as { text: string }).text).toContain(title);

    const feishuMessage = await waitFor(() =>
      robots.received.find((message) => message.path === '/open-apis/bot/v2/hook/fs-hook'),
    );
    expect(feishuMessage.servername).toBe('open.feishu.cn');
    expect(feishuMessage.body).toMatchObject({ msg_type: 'text' });
    expect(feishuMessage.body.sign).toBe(feishuSign('fs-secret', Number(feishuMessage.body.timestamp)));
    expect((feishuMessage.body.content as { text: string }).text).toContain(title);
    expect(wecom.userId).not.toBe(feishu.userId);
  });

  it('a robot that never answers holds back no other member’s websocket push', async () => {
    const baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const slowWord = hanWord(3);
    await subscriber(slowWord, {
      webhookKind: 'wecom',
      webhookUrl: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/hang?key=slow',
    });
    const word = hanWord(3);
    const listener = await subscriber(word, {});
    const socket = new WebSocket(
      `${baseUrl.replace('http', 'ws')}/webchat/websocket?brand=${listener.brand}&token=${listener.token}`,
    );
    try {
      // Each push is recorded with the number of robot requests hanging at the moment it arrived.
      const pushes: { title: string; hangingWhenReceived: number }[] = [];
      socket.on('message', (data) => {
        const message = JSON.parse(String(data));
        if (message.type === 'feed')
          pushes.push({ title: message.data.title, hangingWhenReceived: robots.hanging });
      });
      await new Promise((resolve) => socket.once('message', resolve));

      // the first import's tick posts to the robot, which accepts and never answers
      await importRecords(server, dir, [tenderRecord({ title: `${slowWord}设备采购公开招标公告` })]);
      await waitFor(() => (robots.hanging > 0 ? true : undefined));
      // the next import's push reaches the other member while that request is still hanging: an order of
      // events (the push arrives before the robot request ends), not a duration
      const title = `${word}设备采购公开招标公告`;
      await importRecords(server, dir, [tenderRecord({ title })]);
      const pushed = await waitFor(() => pushes.find((push) => push.title === title));
      expect(pushed.hangingWhenReceived).toBe(1);
      expect(pushes.map((push) => push.title)).toEqual([title]);
    } finally {
      socket.close();
    }
  }, 30_000);

  it('refuses a robot without an address', async () => {
    const user = await newMember(server, 'alpha');
    const answer = await post(user, '/webchat/api/subscribe/push-setting/save', { webhookKind: 'feishu' });
    expect(answer).toMatchObject({ code: 400, message: '参数 webhookUrl：请填写群机器人的地址' });
  });

  it('sends the daily digest through SMTP once per day to accounts with matches', async () => {
    const smtp = await startFakeSmtp();
    try {
      const word = hanWord(3);
      const address = `digest-${word.codePointAt(0)}@example.com`;
      await subscriber(word, { digestEmail: address });
      const title = `${word}物业管理服务招标公告`;
      await importRecords(server, dir, [tenderRecord({ title })]);
      // the feed rows carry the real time of the import: the digest of that China day lists them
      const now = new Date(Date.now() + 86_400_000);
      const day = previousChinaDay(now);
      const mailer = smtpMailer(smtp.url, 'digest@tender.test');
      const first = await sendDailyDigests(server.db, mailer, day, now);
      expect(first.sent).toBeGreaterThanOrEqual(1);
      const mail = smtp.messages.find((message) => message.to.some((to) => to.includes(address)));
      expect(mail?.from).toContain('digest@tender.test');
      expect(mail?.data).toContain('Subject: =?UTF-8?');
      // the body is quoted-printable or base64 UTF-8: decode what nodemailer wrote
      const decoded = decodeMime(mail?.data ?? '');
      expect(decoded).toContain(title);
      expect(decoded).toContain(`订阅日报：1 条新信息`);
      const again = await sendDailyDigests(server.db, mailer, day, now);
      expect(smtp.messages.filter((message) => message.to.some((to) => to.includes(address)))).toHaveLength(
        1,
      );
      expect(again.failed).toBe(0);
    } finally {
      smtp.close();
    }
  });
});
