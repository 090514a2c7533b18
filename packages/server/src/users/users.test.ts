import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { newMobile, type SignedInUser, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';

const MINUTE = 60_000;

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----tender-test-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const chunks: Buffer[] = parts.map((part) => Buffer.from(part));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(testDatabaseTargets())('users on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
  });

  const get = (path: string, user: SignedInUser, params?: Record<string, unknown>) =>
    callApi(server.app, 'GET', path, { headers: user.headers, params });
  const post = (path: string, user: SignedInUser, params?: Record<string, unknown>) =>
    callApi(server.app, 'POST', path, { headers: user.headers, params });

  function uploadAvatar(user: SignedInUser, file?: { name: string; type: string; data: Buffer }) {
    const { payload, contentType } = multipart({ brand: 'alpha', version: '20' }, file);
    return server.app
      .inject({
        method: 'POST',
        url: '/webchat/api/upload/avatar',
        headers: { ...user.headers, 'content-type': contentType },
        payload,
      })
      .then((response) => response.json());
  }

  it('answers the spec §3 User from userCenter and userDetail, with the membership of a user without one', async () => {
    const mobile = newMobile();
    const user = await signIn(server, 'alpha', mobile);
    const center = await get('/webchat/api/userCenter', user);
    expect(center).toEqual({
      code: 200,
      message: '成功',
      data: {
        userId: user.userId,
        userName: `用户${mobile.slice(-4)}`,
        realUserName: '测试用户',
        mobile,
        headimgurl: '',
        companyName: '测试科技有限公司',
        industry: '',
        jobTitle: '',
        email: '',
        displayMode: 10,
        isPerfect: true,
        memberCode: 'putong',
        memberName: '未开通',
        isOpenMember: false,
        primaryUser: true,
        upgradeList: [],
        isUsePc: 1,
      },
    });
    expect(await get('/webchat/api/userDetail', user)).toEqual(center);
  });

  it('updates only the fields sent, and refuses bad ones naming the field', async () => {
    const user = await signIn(server, 'alpha', newMobile());
    const updated = await post('/webchat/api/updateUser', user, {
      userName: '老王',
      email: 'wang@example.com',
    });
    expect(updated.data).toMatchObject({
      userName: '老王',
      email: 'wang@example.com',
      realUserName: '测试用户',
    });

    for (const [field, value] of [
      ['email', 'not-an-email'],
      ['realUserName', ''],
      ['companyName', 'x'.repeat(101)],
    ] as const) {
      const refused = await post('/webchat/api/updateUser', user, { [field]: value });
      expect(refused.code).toBe(400);
      expect(refused.message).toMatch(new RegExp(`^参数 ${field}：`));
    }
    expect((await get('/webchat/api/userCenter', user)).data.userName).toBe('老王');
  });

  describe('changing the phone', () => {
    async function updatePhoneCode(mobile: string): Promise<string> {
      server.clock.advance(MINUTE + 1000);
      await callApi(server.app, 'POST', '/webchat/api/login/sendMessageCode', {
        params: { mobile, purpose: 'updatePhone', consentVersion: '2026-11-01' },
        remoteAddress: '127.2.0.1',
      });
      const outbox = await server.app.inject({
        method: 'GET',
        url: `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`,
      });
      return outbox.json().data.code;
    }

    it('moves the account to a new phone proven by a code sent to it', async () => {
      const user = await signIn(server, 'alpha', newMobile());
      const target = newMobile();
      const code = await updatePhoneCode(target);
      const wrong = await post('/webchat/api/userCenter/updatePhone', user, {
        mobile: target,
        code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.code).toBe(400);

      const moved = await post('/webchat/api/userCenter/updatePhone', user, { mobile: target, code });
      expect(moved.code).toBe(200);
      expect(moved.data).toMatchObject({ userId: user.userId, mobile: target });
      // The session goes on, and the new phone signs in to the same account.
      expect((await get('/webchat/api/userCenter', user)).data.mobile).toBe(target);
      server.clock.advance(MINUTE + 1000);
      expect((await signIn(server, 'alpha', target)).userId).toBe(user.userId);
    });

    it('refuses a phone another account of the brand uses, and the current phone', async () => {
      const user = await signIn(server, 'alpha', newMobile());
      const takenMobile = newMobile();
      await signIn(server, 'alpha', takenMobile);
      const taken = await post('/webchat/api/userCenter/updatePhone', user, {
        mobile: takenMobile,
        code: await updatePhoneCode(takenMobile),
      });
      expect(taken).toMatchObject({ code: 400, message: '该手机号已被本平台其他账号使用' });

      const own = await get('/webchat/api/userCenter', user);
      const same = await post('/webchat/api/userCenter/updatePhone', user, {
        mobile: own.data.mobile,
        code: '123456',
      });
      expect(same).toMatchObject({ code: 400, message: '新手机号与当前手机号相同' });

      // A phone used in another brand only is free here.
      const betaMobile = newMobile();
      await signIn(server, 'beta', betaMobile, { version: 19 });
      const moved = await post('/webchat/api/userCenter/updatePhone', user, {
        mobile: betaMobile,
        code: await updatePhoneCode(betaMobile),
      });
      expect(moved.code).toBe(200);
    });
  });

  it('keeps the display preference: 10 by default, 20 once chosen, anything else refused naming the field', async () => {
    const user = await signIn(server, 'alpha', newMobile());
    expect((await post('/webchat/api/display/getOrInitPreference', user)).data).toEqual({ displayMode: 10 });
    expect(await post('/webchat/api/display/updatePreference', user, { displayMode: 20 })).toEqual({
      code: 200,
      data: { displayMode: 20 },
      message: '成功',
    });
    expect((await post('/webchat/api/display/getOrInitPreference', user)).data).toEqual({ displayMode: 20 });
    expect((await get('/webchat/api/userCenter', user)).data.displayMode).toBe(20);

    for (const displayMode of [30, 'table', null]) {
      const refused = await post('/webchat/api/display/updatePreference', user, { displayMode });
      expect(refused.code).toBe(400);
      expect(refused.message).toMatch(/^参数 displayMode：/);
    }
    expect((await post('/webchat/api/display/getOrInitPreference', user)).data).toEqual({ displayMode: 20 });
  });

  it('shows the guided tour until the user has seen it', async () => {
    const user = await signIn(server, 'alpha', newMobile());
    const isFirst = (markSeen?: boolean) =>
      post('/webchat/common/isFirstConcern', user, markSeen === undefined ? {} : { markSeen });
    expect((await isFirst()).data).toEqual({ isFirstConcern: true });
    expect((await isFirst()).data).toEqual({ isFirstConcern: true });
    expect((await isFirst(true)).data).toEqual({ isFirstConcern: false });
    expect((await isFirst()).data).toEqual({ isFirstConcern: false });
    const other = await signIn(server, 'alpha', newMobile());
    expect((await post('/webchat/common/isFirstConcern', other)).data).toEqual({ isFirstConcern: true });
  });

  describe('avatar upload', () => {
    it('stores an image, answers it absolute, serves it, and keeps headimgurl relative', async () => {
      const user = await signIn(server, 'alpha', newMobile());
      const uploaded = await uploadAvatar(user, { name: 'me.png', type: 'image/png', data: PNG });
      expect(uploaded.code).toBe(200);
      const url: string = uploaded.data.headimgurl;
      expect(url).toMatch(/^http:\/\/localhost:80\/webchat\/uploads\/avatars\/alpha\/\d+-[0-9a-f]{16}\.png$/);
      expect((await get('/webchat/api/userCenter', user)).data.headimgurl).toBe(url);
      const [stored] = await server.db.query<{ headimgurl: string }>(
        'SELECT headimgurl FROM user_account WHERE id = $1',
        [user.userId],
      );
      expect(stored?.headimgurl).toBe(new URL(url).pathname.slice(1));

      const served = await server.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);

      // A new avatar replaces the old one, whose file is gone.
      const replaced = await uploadAvatar(user, { name: 'me.gif', type: 'image/gif', data: GIF });
      expect(replaced.data.headimgurl).toMatch(/\.gif$/);
      expect((await server.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(404);
    });

    it('judges the type by the content and refuses anything but png, jpeg, gif and webp', async () => {
      const user = await signIn(server, 'alpha', newMobile());
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      for (const file of [
        { name: 'evil.svg', type: 'image/svg+xml', data: svg },
        { name: 'fake.png', type: 'image/png', data: Buffer.from('<html>not an image</html>') },
        { name: 'doc.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 ...') },
      ]) {
        expect(await uploadAvatar(user, file)).toEqual({
          code: 400,
          data: null,
          message: '参数 file：只支持 png、jpeg、gif、webp 格式的图片',
        });
      }
      expect((await get('/webchat/api/userCenter', user)).data.headimgurl).toBe('');
    });

    it('accepts 2 MB and refuses more', async () => {
      const user = await signIn(server, 'alpha', newMobile());
      const atLimit = Buffer.alloc(2 * 1024 * 1024);
      PNG.copy(atLimit);
      expect((await uploadAvatar(user, { name: 'big.png', type: 'image/png', data: atLimit })).code).toBe(
        200,
      );
      const over = Buffer.concat([atLimit, Buffer.from([0])]);
      expect(await uploadAvatar(user, { name: 'huge.png', type: 'image/png', data: over })).toEqual({
        code: 400,
        data: null,
        message: '参数 file：图片不能超过 2 MB',
      });
    });

    it('asks for the file when none is sent, and for a session before anything', async () => {
      const user = await signIn(server, 'alpha', newMobile());
      const missing = await uploadAvatar(user);
      expect(missing.code).toBe(400);
      expect(missing.message).toMatch(/^参数 file：/);
      const anonymous = await uploadAvatar(
        { token: '', userId: 0, headers: { authorization: '' } },
        {
          name: 'me.png',
          type: 'image/png',
          data: PNG,
        },
      );
      expect(anonymous.code).toBe(401);
    });

    it('serves nothing outside the avatars it stored', async () => {
      for (const path of [
        '/webchat/uploads/avatars/alpha/..%2F..%2Fetc%2Fpasswd',
        '/webchat/uploads/avatars/alpha/1-0123456789abcdef.svg',
        '/webchat/uploads/avatars/alpha/1-0123456789abcdef.png',
      ]) {
        const response = await server.app.inject({ method: 'GET', url: path });
        expect(response.statusCode, path).toBe(404);
      }
    });
  });
});
