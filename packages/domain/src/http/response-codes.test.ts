import { describe, expect, it } from 'vitest';
import {
  httpFailureNotice,
  LOGGED_IN_ELSEWHERE_MESSAGE,
  RESPONSE_CODES,
  responseCodeAction,
  responseErrorMessage,
} from './response-codes';

describe('RESPONSE_CODES', () => {
  it('names the codes of the spec and our server', () => {
    expect(RESPONSE_CODES).toMatchObject({
      SUCCESS: 200,
      NO_CONTENT: 204,
      PASS_THROUGH_235: 235,
      PASS_THROUGH_431: 431,
      BAD_REQUEST: 400,
      UNAUTHORIZED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      LOGGED_IN_ELSEWHERE: 4011,
      PROFILE_INCOMPLETE: 430,
      ACCOUNT_FROZEN: 423,
      TOO_MANY_REQUESTS: 429,
    });
  });
});

describe('responseCodeAction', () => {
  it('lets 200, 204, 235 and 431 through', () => {
    for (const code of [200, 204, 235, 431]) expect(responseCodeAction(code)).toBe('ok');
  });

  it('logs out and reloads on 401', () => {
    expect(responseCodeAction(401)).toBe('logout-reload');
  });

  it('shows the relogin dialog on 4011', () => {
    expect(responseCodeAction(4011)).toBe('relogin-dialog');
    expect(LOGGED_IN_ELSEWHERE_MESSAGE).toBe('您的账号已在其他设备登录，请重新登录');
  });

  it('goes to /perfect on 430', () => {
    expect(responseCodeAction(430)).toBe('perfect');
  });

  it('treats everything else as an error', () => {
    for (const code of [201, 400, 403, 404, 500, 0, 4010]) expect(responseCodeAction(code)).toBe('error');
  });
});

describe('responseErrorMessage', () => {
  it("shows '服务器出错' for 500, even with a server message", () => {
    expect(responseErrorMessage(500, 'NullPointerException')).toBe('服务器出错');
  });

  it("shows the server's message or '操作失败'", () => {
    expect(responseErrorMessage(400, '手机号格式不正确')).toBe('手机号格式不正确');
    expect(responseErrorMessage(403)).toBe('操作失败');
    expect(responseErrorMessage(403, '  ')).toBe('操作失败');
  });
});

describe('httpFailureNotice', () => {
  it("shows '网络请求超时' for 5 seconds on time-out", () => {
    expect(httpFailureNotice({ kind: 'timeout' })).toEqual({
      kind: 'message',
      text: '网络请求超时',
      durationMs: 5000,
    });
  });

  it('logs out on status 401', () => {
    expect(httpFailureNotice({ kind: 'status', status: 401 })).toEqual({ kind: 'logout' });
  });

  it('has a fixed text for 404, 500, 504 and 499, shown for 3 seconds', () => {
    const text = (status: number) => httpFailureNotice({ kind: 'status', status, serverMessage: 'ignored' });
    expect(text(404)).toEqual({ kind: 'message', text: '出现异常，请尝试重新刷新页面', durationMs: 3000 });
    expect(text(500)).toEqual({ kind: 'message', text: '服务器出错', durationMs: 3000 });
    expect(text(504)).toEqual({ kind: 'message', text: '接口请求超时', durationMs: 3000 });
    expect(text(499)).toEqual({ kind: 'message', text: '客户端断开连接', durationMs: 3000 });
  });

  it("shows the server's message or '操作失败' for other statuses", () => {
    expect(httpFailureNotice({ kind: 'status', status: 502, serverMessage: '网关错误' })).toEqual({
      kind: 'message',
      text: '网关错误',
      durationMs: 3000,
    });
    expect(httpFailureNotice({ kind: 'status', status: 403 })).toEqual({
      kind: 'message',
      text: '操作失败',
      durationMs: 3000,
    });
  });

  it('tells network errors with and without a response apart', () => {
    expect(httpFailureNotice({ kind: 'network', hasResponse: true })).toEqual({
      kind: 'message',
      text: '服务器出错，请稍后再试试！',
      durationMs: 3000,
    });
    expect(httpFailureNotice({ kind: 'network', hasResponse: false })).toEqual({
      kind: 'message',
      text: '网络异常，请检查网络连接是否正常！',
      durationMs: 3000,
    });
  });

  it('stays silent for a cancelled request', () => {
    expect(httpFailureNotice({ kind: 'cancelled' })).toEqual({ kind: 'silent' });
  });
});
