import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../test-support/databases';
import { type FakeRobot, fakeRobotNetwork, startFakeRobot } from '../test-support/fake-robot';
import { callAs, newMember } from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { isPublicAddress } from './robot-address';
import { postWebhook, type WebhookNetwork, webhookRequest } from './webhooks';

const ACCEPTED = [
  ['wecom', 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa'],
  ['dingtalk', 'https://oapi.dingtalk.com/robot/send?access_token=3b1c5f8e0d2a4b6c8e0f1a3b5c7d9e1f'],
  ['feishu', 'https://open.feishu.cn/open-apis/bot/v2/hook/0f3e5b2a-8c1d-4e6f-9a7b-2c4d6e8f0a1b'],
  ['feishu', 'https://open.larksuite.com/open-apis/bot/v2/hook/0f3e5b2a-8c1d-4e6f-9a7b-2c4d6e8f0a1b'],
] as const;

const REFUSED = [
  'https://127.0.0.1/cgi-bin/webhook/send?key=k',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.1/robot/send?access_token=t',
  'https://[::1]/robot/send?access_token=t',
  'https://localhost/robot/send?access_token=t',
  'https://qyapi.weixin.qq.com.evil.example/cgi-bin/webhook/send?key=k',
  'https://evil-qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k',
  'http://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k',
  'https://qyapi.weixin.qq.com@evil.example/',
  'https://user:password@oapi.dingtalk.com/robot/send?access_token=t',
  'https://open.feishu.cn:8443/open-apis/bot/v2/hook/x',
  'https://open.feishu.cn./open-apis/bot/v2/hook/x',
  'ftp://open.feishu.cn/open-apis/bot/v2/hook/x',
  'open.feishu.cn/open-apis/bot/v2/hook/x',
];

describe.each(testDatabaseTargets())('robot addresses saved on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses any address but https on a robot host itself, naming the field', async () => {
    const user = await newMember(server, 'alpha');
    for (const webhookUrl of REFUSED) {
      const answer = await callAs(server, user, 'POST', '/webchat/api/subscribe/push-setting/save', {
        webhookKind: 'wecom',
        webhookUrl,
      });
      expect({ webhookUrl, code: answer.code, message: answer.message }).toEqual({
        webhookUrl,
        code: 400,
        message:
          '参数 webhookUrl：机器人地址须为企业微信、钉钉或飞书群机器人的 https 地址（qyapi.weixin.qq.com、oapi.dingtalk.com、open.feishu.cn 或 open.larksuite.com）',
      });
    }
    const saved = await callAs(server, user, 'POST', '/webchat/api/subscribe/push-setting/get');
    expect(saved.data).toMatchObject({ webhookKind: null, webhookUrl: '' });
  });

  it('accepts the robots’ own addresses', async () => {
    const user = await newMember(server, 'alpha');
    for (const [webhookKind, webhookUrl] of ACCEPTED) {
      const answer = await callAs(server, user, 'POST', '/webchat/api/subscribe/push-setting/save', {
        webhookKind,
        webhookUrl,
      });
      expect(answer.code, answer.message).toBe(200);
      expect(answer.data).toMatchObject({ webhookKind, webhookUrl });
    }
  });
});

describe('sending to a robot', () => {
  let robot: FakeRobot;

  beforeAll(async () => {
    robot = await startFakeRobot();
  });
  afterAll(async () => {
    await robot.close();
  });

  const request = (url: string) =>
    webhookRequest('wecom', url, null, '您订阅的信息有 1 条更新', [], new Date('2026-03-02T00:00:00Z'));
  const send = (url: string, network: WebhookNetwork) =>
    postWebhook(request(url), network, AbortSignal.timeout(10_000));

  it('reaches the robot host with TLS and Host for its name', async () => {
    await send('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=tls', fakeRobotNetwork(robot));
    const received = robot.received.find((message) => message.query.get('key') === 'tls');
    expect(received).toMatchObject({
      servername: 'qyapi.weixin.qq.com',
      host: `qyapi.weixin.qq.com:${robot.port}`,
      path: '/cgi-bin/webhook/send',
      body: { msgtype: 'markdown' },
    });
  });

  it('refuses to send when a robot host resolves to a private or reserved address', async () => {
    for (const answers of [
      ['127.0.0.1'],
      ['10.0.0.1'],
      ['169.254.169.254'],
      ['::1'],
      ['::ffff:127.0.0.1'],
      ['fd00::1'],
      ['203.119.129.1', '192.168.1.10'],
    ]) {
      // the fake listens on 127.0.0.1 and would answer: only the (real) address check stands in the way
      const network: WebhookNetwork = {
        ...fakeRobotNetwork(robot),
        resolve: async () => answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        reachable: isPublicAddress,
      };
      const key = `private-${answers.join('-')}`;
      await expect(
        send(`https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=${key}`, network),
      ).rejects.toThrow(/解析到非公网地址/);
      expect(robot.received.filter((message) => message.query.get('key') === key)).toEqual([]);
    }
  });

  it('refuses an address saved before the host rule, without resolving it', async () => {
    const resolved: string[] = [];
    const network: WebhookNetwork = {
      ...fakeRobotNetwork(robot),
      resolve: async (hostname) => {
        resolved.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    };
    for (const url of [`http://127.0.0.1:${robot.port}/cgi-bin/webhook/send`, 'https://evil.example/hook']) {
      await expect(send(url, network)).rejects.toThrow('群机器人地址不是机器人自己的 https 地址');
    }
    expect(resolved).toEqual([]);
  });

  it('does not follow a redirect: a 3xx is a failed delivery', async () => {
    const location = 'https://open.feishu.cn/open-apis/bot/v2/hook/after-redirect';
    await expect(
      send(
        `https://open.feishu.cn/open-apis/bot/v2/hook/redirect?location=${encodeURIComponent(location)}`,
        fakeRobotNetwork(robot),
      ),
    ).rejects.toThrow('群机器人返回 HTTP 302');
    expect(robot.received.map((message) => message.path)).not.toContain(
      '/open-apis/bot/v2/hook/after-redirect',
    );
  });
});

describe('public addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.0.2.1',
    '198.18.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '2001:db8::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    'localhost',
    '',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '101.226.141.58',
    '172.15.255.255',
    '172.32.0.1',
    '100.128.0.1',
    '2408:8000::1',
    '2400:da00::6666',
  ])('%s is', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
