import * as contracts from '@tender/contracts';
import {
  defineEndpoint,
  downloadDocumentEndpoint,
  type GateRefusal,
  messageLoginEndpoint,
  pcLoginAuthEndpoint,
  selAreaEndpoint,
  type User,
  updatePreferenceEndpoint,
  uploadAvatarEndpoint,
  userCenterEndpoint,
  userSchema,
} from '@tender/contracts';
import * as renewalContracts from '@tender/contracts/renewal';
import {
  expiringContractsEndpoint,
  renewalSubscriptionDeleteEndpoint,
  renewalSubscriptionGetEndpoint,
  renewalSubscriptionMatchesEndpoint,
  renewalSubscriptionSaveEndpoint,
} from '@tender/contracts/renewal';
import { API_ENDPOINTS } from '@tender/contracts/server';
import { REQUEST_TIMEOUT_MS } from '@tender/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, isCancelledError } from './api-error';
import { loadAreaTree } from './area-tree';
import { type ApiClient, type ApiClientOptions, createApiClient } from './create-api-client';
import { createEndpointFunctions } from './endpoint-functions';
import { type ApiNotice, createMessageGate } from './message-gate';
import {
  type ApiTestServer,
  envelopeReply,
  type ServerReply,
  startApiTestServer,
  statusReply,
} from './testing/api-test-server';

// Endpoints of the test server only: a GET and a POST whose answers each test sets.
const probeGet = defineEndpoint({
  method: 'GET',
  path: '/webchat/test/probe',
  summary: 'probe',
  access: 'user',
  request: z.object({
    keyword: z.string().optional(),
    areas: z.array(z.string()).optional(),
    page: z.number().optional(),
    brand: z.string().optional(),
  }),
  response: z.unknown(),
});
const probePost = defineEndpoint({
  method: 'POST',
  path: '/webchat/test/probe-post',
  summary: 'probe',
  access: 'user',
  request: z.object({ keyword: z.string().optional(), version: z.number().optional() }),
  response: z.unknown(),
});

/** A user as the real server answers `userCenter` (checked against the contract below). */
const userFixture: User = {
  userId: 7,
  userName: '13800138000',
  realUserName: '张三',
  mobile: '13800138000',
  headimgurl: 'http://127.0.0.1/avatar.png',
  companyName: '北京示例建设有限公司',
  industry: 'E',
  jobTitle: '投标经理',
  email: '',
  displayMode: 10,
  isPerfect: true,
  memberCode: 'putong',
  memberName: '普通用户',
  isOpenMember: false,
  primaryUser: true,
  upgradeList: [],
  isUsePc: 1,
};

const pcUseRefusal: GateRefusal = {
  type: 'pcUse',
  privilege: 'havePcLogin',
  feature: null,
  memberCode: 'putong',
  isMember: false,
  isDownLoad: false,
  memberProvince: '',
  province: '',
  phone: '400-012-6688',
  upgradeMemberCode: 'toubiaotong',
  isUsePc: -1,
};

let server: ApiTestServer;
let token: string | null;
let hash: string;
let notices: ApiNotice[];
let closedNotices: string[];
let handlers: {
  logout: ReturnType<typeof vi.fn<() => void>>;
  confirmLoggedInElsewhere: ReturnType<typeof vi.fn<(message: string) => Promise<void>>>;
  goToPerfect: ReturnType<typeof vi.fn<() => void>>;
  pcLoginRefused: ReturnType<typeof vi.fn<(refusal: GateRefusal, message: string) => void>>;
};

function client(overrides: Partial<ApiClientOptions> = {}): ApiClient {
  return createApiClient({
    brand: { id: 'portal', interfaceVersion: 20 },
    baseUrl: server.url,
    getToken: () => token,
    currentHash: () => hash,
    // Only the tests of the check turn it on: a check fired late by one test must not reach the next.
    pcLoginAuthCheck: false,
    handlers: {
      ...handlers,
      showNotice: (notice) => {
        notices.push(notice);
        return () => closedNotices.push(notice.text);
      },
    },
    ...overrides,
  });
}

function replyProbe(reply: ServerReply) {
  server.reply(probeGet.path, reply);
  server.reply(probePost.path, reply);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const texts = () => notices.map((notice) => notice.text);

beforeAll(async () => {
  server = await startApiTestServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.reset();
  server.reply(pcLoginAuthEndpoint.path, envelopeReply(200, { privilege: 'havePcLogin' }));
  token = 'token-abc';
  hash = '#/subscribe/bidding';
  notices = [];
  closedNotices = [];
  handlers = {
    logout: vi.fn<() => void>(),
    confirmLoggedInElsewhere: vi.fn<(message: string) => Promise<void>>(async () => {}),
    goToPerfect: vi.fn<() => void>(),
    pcLoginRefused: vi.fn<(refusal: GateRefusal, message: string) => void>(),
  };
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createApiClient — what every request carries (spec §7, architecture §7)', () => {
  it('sends the token, device 50 and the global parameters in the query of a GET', async () => {
    replyProbe(envelopeReply(200, { ok: true }));
    await client().call(probeGet, { keyword: '医院', areas: ['广东省', '湖南省'], page: 2 });
    const [request] = server.requestsTo(probeGet.path);
    expect(request?.method).toBe('GET');
    expect(request?.headers.authorization).toBe('Bearer token-abc');
    expect(request?.headers['x-device']).toBe('50');
    expect(request?.query.get('brand')).toBe('portal');
    expect(request?.query.get('version')).toBe('20');
    expect(request?.query.get('keyword')).toBe('医院');
    expect(request?.query.getAll('areas')).toEqual(['广东省', '湖南省']);
    expect(request?.query.get('page')).toBe('2');
    expect(request?.body).toBe('');
  });

  it('merges the global parameters into the JSON body of a POST', async () => {
    replyProbe(envelopeReply(200, null));
    await client({ brand: { id: 'catering', interfaceVersion: 19 } }).call(probePost, { keyword: '食堂' });
    const [request] = server.requestsTo(probePost.path);
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-device']).toBe('50');
    expect(JSON.parse(request?.body ?? '')).toEqual({ keyword: '食堂', brand: 'catering', version: 19 });
    expect(request?.query.size).toBe(0);
  });

  it('lets the global parameters win over input fields of the same name', async () => {
    replyProbe(envelopeReply(200, null));
    await client().call(probeGet, { brand: 'other' });
    await client().call(probePost, { version: 1 });
    expect(server.requestsTo(probeGet.path)[0]?.query.getAll('brand')).toEqual(['portal']);
    expect(JSON.parse(server.requestsTo(probePost.path)[0]?.body ?? '')).toMatchObject({ version: 20 });
  });

  it('sends no Authorization header without a token, and reads the token on every call', async () => {
    replyProbe(envelopeReply(200, null));
    token = null;
    const api = client();
    await api.call(probeGet, {});
    token = 'token-new';
    await api.call(probeGet, {});
    const [first, second] = server.requestsTo(probeGet.path);
    expect(first?.headers.authorization).toBeUndefined();
    expect(second?.headers.authorization).toBe('Bearer token-new');
  });

  it("resolves an endpoint's data, typed by its contract", async () => {
    server.reply(userCenterEndpoint.path, envelopeReply(200, userFixture));
    const user = await client({ validateResponses: true }).call(userCenterEndpoint);
    expect(userSchema.parse(userFixture)).toEqual(userFixture);
    expect(user.realUserName).toBe('张三');
    expect(notices).toEqual([]);
  });

  it('waits 180000 ms by default before giving up (spec §9)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const neverAnswers: typeof fetch = (input) =>
      new Promise((_, reject) => {
        const signal = input instanceof Request ? input.signal : undefined;
        signal?.addEventListener('abort', () => reject(signal.reason));
      });
    const outcome = failure(client({ fetch: neverAnswers }).call(probeGet, {}));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(notices, JSON.stringify(notices)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect((await outcome).kind).toBe('timeout');
    expect(REQUEST_TIMEOUT_MS).toBe(180_000);
  });
});

describe('createApiClient — the response-code table (spec §8)', () => {
  it.each([200, 204, 235, 431])('treats code %i as fine', async (code) => {
    replyProbe(envelopeReply(code, { value: code }, 'ok'));
    const envelope = await client().callEnvelope(probeGet, {});
    expect(envelope).toEqual({ code, data: { value: code }, message: 'ok' });
    expect(notices).toEqual([]);
    expect(handlers.logout).not.toHaveBeenCalled();
  });

  it('logs out (and the app reloads) on code 401, once for parallel calls, without a message', async () => {
    replyProbe(envelopeReply(401, null, '请先登录'));
    const api = client();
    const errors = await Promise.all([1, 2, 3].map(() => failure(api.call(probeGet, {}))));
    expect(errors.map((error) => [error.kind, error.code, error.handled])).toEqual([
      ['business', 401, true],
      ['business', 401, true],
      ['business', 401, true],
    ]);
    expect(handlers.logout).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([]);
  });

  it('shows the 4011 dialog once, and logs out only after the user acknowledges it', async () => {
    replyProbe(envelopeReply(4011, null, 'elsewhere'));
    let acknowledge = () => {};
    handlers.confirmLoggedInElsewhere.mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          acknowledge = resolve;
        }),
    );
    const api = client();
    const first = failure(api.call(probeGet, {}));
    const second = await failure(api.call(probePost, {}));
    expect(second.message).toBe('您的账号已在其他设备登录，请重新登录');
    expect(handlers.confirmLoggedInElsewhere).toHaveBeenCalledTimes(1);
    expect(handlers.confirmLoggedInElsewhere).toHaveBeenCalledWith('您的账号已在其他设备登录，请重新登录');
    expect(handlers.logout).not.toHaveBeenCalled();
    acknowledge();
    expect((await first).code).toBe(4011);
    expect(handlers.logout).toHaveBeenCalledTimes(1);
    await failure(api.call(probeGet, {}));
    expect(handlers.confirmLoggedInElsewhere).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([]);
  });

  it('goes to /perfect on code 430 without a message', async () => {
    replyProbe(envelopeReply(430, null, '请完善信息'));
    const error = await failure(client().call(probeGet, {}));
    expect(error.code).toBe(430);
    expect(handlers.goToPerfect).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([]);
  });

  it("shows '服务器出错' for code 500, whatever the server's message", async () => {
    replyProbe(envelopeReply(500, null, 'NullPointerException'));
    const error = await failure(client().call(probeGet, {}));
    expect(error.message).toBe('服务器出错');
    expect(notices).toEqual([{ kind: 'message', text: '服务器出错', durationMs: 3000 }]);
  });

  it("shows the server's message for other codes, or '操作失败' without one", async () => {
    replyProbe(envelopeReply(400, null, '参数 mobile：请输入正确的 11 位手机号'));
    const withMessage = await failure(client().call(probePost, {}));
    replyProbe(envelopeReply(403, { type: 'member' }, ''));
    const withoutMessage = await failure(client().call(probePost, {}));
    expect(texts()).toEqual(['参数 mobile：请输入正确的 11 位手机号', '操作失败']);
    expect(notices.every((notice) => notice.durationMs === 3000 && notice.kind === 'message')).toBe(true);
    expect([withMessage.code, withoutMessage.code]).toEqual([400, 403]);
    expect(withoutMessage.data).toEqual({ type: 'member' });
  });

  it('leaves codes a caller handles to the caller: no message, the data on the error', async () => {
    replyProbe(envelopeReply(403, pcUseRefusal, '您当前的会员暂无PC端使用权限！'));
    const error = await failure(client().call(probeGet, {}, { handleCodes: [403] }));
    expect(error).toMatchObject({ kind: 'business', code: 403, handled: false, data: pcUseRefusal });
    expect(error.message).toBe('您当前的会员暂无PC端使用权限！');
    expect(notices).toEqual([]);
  });

  it('shows nothing for a silent call but still runs the actions', async () => {
    replyProbe(envelopeReply(400, null, '错误'));
    expect((await failure(client().call(probeGet, {}, { silent: true }))).handled).toBe(false);
    replyProbe(envelopeReply(401, null, ''));
    await failure(client().call(probeGet, {}, { silent: true }));
    expect(notices).toEqual([]);
    expect(handlers.logout).toHaveBeenCalledTimes(1);
  });

  it('does not apply the table to the login and QR-code endpoints', async () => {
    server.reply(messageLoginEndpoint.path, envelopeReply(401, null, '验证码错误'));
    const unauthorised = await failure(
      client().call(messageLoginEndpoint, { mobile: '13800138000', code: '123456' }),
    );
    server.reply(messageLoginEndpoint.path, envelopeReply(430, null, ''));
    await failure(client().call(messageLoginEndpoint, { mobile: '13800138000', code: '123456' }));
    expect(unauthorised).toMatchObject({ code: 401, message: '验证码错误', handled: false });
    expect(handlers.logout).not.toHaveBeenCalled();
    expect(handlers.goToPerfect).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
  });
});

describe('createApiClient — HTTP errors (spec §8)', () => {
  it("notifies '网络请求超时' for 5 s on a time-out", async () => {
    replyProbe('hang');
    const error = await failure(client({ timeoutMs: 200 }).call(probeGet, {}));
    expect(error.kind).toBe('timeout');
    expect(notices).toEqual([{ kind: 'notification', text: '网络请求超时', durationMs: 5000 }]);
  });

  it('takes a per-call time-out over the client one', async () => {
    replyProbe('hang');
    const error = await failure(client().call(probeGet, {}, { timeoutMs: 100 }));
    expect(error.kind).toBe('timeout');
  });

  it('logs out on HTTP status 401 without a message', async () => {
    replyProbe(statusReply(401));
    const error = await failure(client().call(probeGet, {}));
    expect(error).toMatchObject({ kind: 'status', status: 401 });
    expect(handlers.logout).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([]);
  });

  it.each([
    [404, '出现异常，请尝试重新刷新页面'],
    [500, '服务器出错'],
    [504, '接口请求超时'],
    [499, '客户端断开连接'],
  ])('shows the text of HTTP status %i for 3 s', async (status, text) => {
    replyProbe(statusReply(status, { message: 'ignored for this status' }));
    const error = await failure(client().call(probeGet, {}));
    expect(error).toMatchObject({ kind: 'status', status, message: text, handled: true });
    expect(notices).toEqual([{ kind: 'message', text, durationMs: 3000 }]);
  });

  it("shows the server's message for other statuses, or '操作失败'", async () => {
    replyProbe(statusReply(502, { code: 502, message: '上游服务不可用', data: null }));
    await failure(client().call(probeGet, {}));
    replyProbe(statusReply(418));
    await failure(client().call(probePost, {}));
    expect(texts()).toEqual(['上游服务不可用', '操作失败']);
  });

  it("shows '服务器出错，请稍后再试试！' when a response arrives that is not an envelope", async () => {
    replyProbe({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>网关</html>' });
    const html = await failure(client().call(probeGet, {}));
    replyProbe({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"broken"' });
    const broken = await failure(client().call(probeGet, {}));
    replyProbe({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":1}' });
    const noCode = await failure(client().call(probeGet, {}));
    for (const error of [html, broken, noCode]) {
      expect(error).toMatchObject({
        kind: 'network',
        hasResponse: true,
        message: '服务器出错，请稍后再试试！',
      });
    }
    expect(texts()).toEqual(Array(3).fill('服务器出错，请稍后再试试！'));
  });

  it("shows '网络异常，请检查网络连接是否正常！' when no response arrives", async () => {
    replyProbe('destroy');
    const dropped = await failure(client().call(probeGet, {}));
    const refused = await failure(client({ baseUrl: 'http://127.0.0.1:9' }).call(probeGet, {}));
    for (const error of [dropped, refused]) {
      expect(error).toMatchObject({ kind: 'network', hasResponse: false });
      expect(error.message).toBe('网络异常，请检查网络连接是否正常！');
    }
  });

  it('keeps cancelled requests silent', async () => {
    replyProbe('hang');
    const controller = new AbortController();
    const outcome = failure(client().call(probeGet, {}, { signal: controller.signal }));
    await vi.waitFor(() => expect(server.requestsTo(probeGet.path)).toHaveLength(1));
    controller.abort();
    const error = await outcome;
    expect(error.kind).toBe('cancelled');
    expect(isCancelledError(error)).toBe(true);
    expect(error.message).toBe('');
    expect(notices).toEqual([]);
    expect(handlers.logout).not.toHaveBeenCalled();
  });

  it('rejects validated answers that break the contract as an unreadable response', async () => {
    server.reply(userCenterEndpoint.path, envelopeReply(200, { userId: 'seven' }));
    const error = await failure(client({ validateResponses: true }).call(userCenterEndpoint));
    expect(error).toMatchObject({ kind: 'network', hasResponse: true });
  });
});

describe('createApiClient — one message at a time (spec §8)', () => {
  it('shows one message for many parallel failures with the same text', async () => {
    replyProbe(envelopeReply(400, null, '操作过于频繁'));
    const api = client();
    await Promise.all([1, 2, 3, 4].map(() => failure(api.call(probeGet, {}))));
    expect(texts()).toEqual(['操作过于频繁']);
  });

  it('replaces the message showing by a different one, and shows the same text again after 3 s', () => {
    let time = 0;
    const shownTexts: string[] = [];
    const closed: string[] = [];
    const gate = createMessageGate(
      (notice) => {
        shownTexts.push(notice.text);
        return () => closed.push(notice.text);
      },
      () => time,
    );
    const message = (text: string) => gate.show({ kind: 'message', text, durationMs: 3000 });
    message('第一条');
    time = 1000;
    message('第一条');
    message('第二条');
    expect(shownTexts).toEqual(['第一条', '第二条']);
    expect(closed).toEqual(['第一条']);
    time = 4000;
    message('第二条');
    expect(shownTexts).toEqual(['第一条', '第二条', '第二条']);
  });
});

describe('createApiClient — the PC login-auth check (spec §7)', () => {
  const checking = (overrides: Partial<ApiClientOptions> = {}) =>
    client({ pcLoginAuthCheck: true, ...overrides });

  it('runs once after the first 200 answer', async () => {
    replyProbe(envelopeReply(200, null));
    const api = checking();
    await api.call(probeGet, {});
    await api.call(probePost, {});
    await vi.waitFor(() => expect(server.requestsTo(pcLoginAuthEndpoint.path)).toHaveLength(1));
    await api.call(probeGet, {});
    const [check] = server.requestsTo(pcLoginAuthEndpoint.path);
    expect(check?.method).toBe('POST');
    expect(check?.headers.authorization).toBe('Bearer token-abc');
    expect(JSON.parse(check?.body ?? '')).toEqual({ brand: 'portal', version: 20 });
    expect(server.requestsTo(pcLoginAuthEndpoint.path)).toHaveLength(1);
  });

  it('does not run on #/login or #/perfect, and runs once the user has left them', async () => {
    replyProbe(envelopeReply(200, null));
    const api = checking();
    hash = '#/login';
    await api.call(probeGet, {});
    hash = '#/perfect';
    await api.call(probeGet, {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requestsTo(pcLoginAuthEndpoint.path)).toHaveLength(0);
    hash = '#/subscribe/upfront';
    await api.call(probeGet, {});
    await vi.waitFor(() => expect(server.requestsTo(pcLoginAuthEndpoint.path)).toHaveLength(1));
  });

  it('does not run after an excluded URL, the login endpoints, or without a token', async () => {
    replyProbe(envelopeReply(200, null));
    server.reply(messageLoginEndpoint.path, envelopeReply(200, null));
    const api = checking({ pcLoginAuthExcludedPaths: [probeGet.path] });
    await api.call(probeGet, {});
    await api.call(messageLoginEndpoint, { mobile: '13800138000', code: '123456' });
    token = null;
    await api.call(probePost, {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requestsTo(pcLoginAuthEndpoint.path)).toHaveLength(0);
  });

  it('does not run after an answer whose code is not fine', async () => {
    replyProbe(envelopeReply(430, null, '请先完善个人资料'));
    const api = checking();
    await failure(api.call(probeGet, {}));
    replyProbe(envelopeReply(400, null, '错误'));
    await failure(api.call(probeGet, {}));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requestsTo(pcLoginAuthEndpoint.path)).toHaveLength(0);
    expect(handlers.goToPerfect).toHaveBeenCalledTimes(1);
  });

  it('hands a refusal to the app for the pcUse dialog, without a message', async () => {
    replyProbe(envelopeReply(200, null));
    server.reply(
      pcLoginAuthEndpoint.path,
      envelopeReply(403, pcUseRefusal, '您当前的会员暂无PC端使用权限！'),
    );
    await checking().call(probeGet, {});
    await vi.waitFor(() => expect(handlers.pcLoginRefused).toHaveBeenCalledTimes(1));
    expect(handlers.pcLoginRefused).toHaveBeenCalledWith(pcUseRefusal, '您当前的会员暂无PC端使用权限！');
    expect(notices).toEqual([]);
  });

  it('runs again after resetSession (a sign-in without a reload)', async () => {
    replyProbe(envelopeReply(200, null));
    const api = checking();
    await api.call(probeGet, {});
    await vi.waitFor(() => expect(server.requestsTo(pcLoginAuthEndpoint.path)).toHaveLength(1));
    api.resetSession();
    await api.call(probeGet, {});
    await vi.waitFor(() => expect(server.requestsTo(pcLoginAuthEndpoint.path)).toHaveLength(2));
  });
});

describe('createApiClient — files', () => {
  it('downloads a file with its RFC 5987 name', async () => {
    server.reply(downloadDocumentEndpoint.path, {
      status: 200,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'content-disposition': `attachment; filename="download.txt"; filename*=UTF-8''${encodeURIComponent('某医院设备采购公告.txt')}`,
      },
      body: '某医院设备采购公告正文',
    });
    const file = await client().download(downloadDocumentEndpoint, { id: 12 });
    expect(file.fileName).toBe('某医院设备采购公告.txt');
    expect(file.contentType).toBe('text/plain; charset=utf-8');
    expect(await file.blob.text()).toBe('某医院设备采购公告正文');
    const [request] = server.requestsTo(downloadDocumentEndpoint.path);
    expect(request?.query.get('id')).toBe('12');
    expect(request?.query.get('brand')).toBe('portal');
  });

  it('treats an envelope instead of the file by the code table', async () => {
    server.reply(
      downloadDocumentEndpoint.path,
      envelopeReply(403, { ...pcUseRefusal, type: 'usedUp' }, '您今日的公告下载次数已达上限，请明日再下载'),
    );
    const shown = await failure(client().download(downloadDocumentEndpoint, { id: 12 }));
    const handled = await failure(
      client().download(downloadDocumentEndpoint, { id: 12 }, { handleCodes: [403] }),
    );
    expect(shown.code).toBe(403);
    expect(handled.data).toMatchObject({ type: 'usedUp' });
    expect(texts()).toEqual(['您今日的公告下载次数已达上限，请明日再下载']);
  });

  it('uploads a form with the global parameters in the query', async () => {
    server.reply(uploadAvatarEndpoint.path, envelopeReply(200, { headimgurl: '/uploads/a.png' }));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'a.png');
    const answer = await client().upload(uploadAvatarEndpoint, form);
    expect(answer.headimgurl).toBe('/uploads/a.png');
    const [request] = server.requestsTo(uploadAvatarEndpoint.path);
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('filename="a.png"');
    expect(request?.query.get('brand')).toBe('portal');
    expect(request?.query.get('version')).toBe('20');
  });
});

describe('createEndpointFunctions', () => {
  it('offers one function per endpoint of the contracts, each calling its path with its method', async () => {
    const api = createEndpointFunctions(client()) as unknown as Record<
      string,
      (input?: unknown, options?: object) => Promise<unknown>
    >;
    // One at a time: ~160 calls at once could outlast the request timeout on a busy CI machine.
    for (const [name, call] of Object.entries(api)) {
      await (name === 'uploadAvatar'
        ? call(new FormData(), { silent: true })
        : call({}, { silent: true })
      ).catch(() => undefined);
    }
    // The web client binds the main entry's endpoints here; the five 即将到期 ones it calls from its lazily loaded
    // screen through `@tender/contracts/renewal` (kept out of the main entry for /login's budget). None is unbound.
    const webEndpoints = API_ENDPOINTS.filter((endpoint) =>
      (Object.values(contracts) as unknown[]).includes(endpoint),
    );
    const renewalEndpoints = [
      expiringContractsEndpoint,
      renewalSubscriptionGetEndpoint,
      renewalSubscriptionSaveEndpoint,
      renewalSubscriptionDeleteEndpoint,
      renewalSubscriptionMatchesEndpoint,
    ];
    expect(API_ENDPOINTS.filter((endpoint) => !webEndpoints.includes(endpoint))).toEqual(renewalEndpoints);
    const renewalEntryEndpoints = Object.entries(renewalContracts)
      .filter(([name]) => name.endsWith('Endpoint'))
      .map(([, endpoint]) => endpoint);
    expect(new Set(renewalEntryEndpoints)).toEqual(new Set(renewalEndpoints));
    for (const endpoint of webEndpoints) {
      const calls = server.requestsTo(endpoint.path);
      expect(
        calls.map((request) => request.method),
        endpoint.path,
      ).toContain(endpoint.method);
    }
  });

  it('calls the endpoint with its method, path and input', async () => {
    server.reply(userCenterEndpoint.path, envelopeReply(200, userFixture));
    server.reply(updatePreferenceEndpoint.path, envelopeReply(200, { displayMode: 20 }));
    const api = createEndpointFunctions(client());
    const user = await api.userCenter();
    await api.updatePreference({ displayMode: 20 });
    expect(user.userId).toBe(7);
    expect(server.requestsTo(userCenterEndpoint.path)[0]?.method).toBe('GET');
    const [update] = server.requestsTo(updatePreferenceEndpoint.path);
    expect(JSON.parse(update?.body ?? '')).toEqual({ displayMode: 20, brand: 'portal', version: 20 });
  });
});

describe('loadAreaTree', () => {
  it('gives an empty list when the area call fails, silently', async () => {
    server.reply(selAreaEndpoint.path, statusReply(500));
    expect(await loadAreaTree(client())).toEqual([]);
    expect(notices).toEqual([]);
  });
});
