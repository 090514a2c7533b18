import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';

/**
 * A local fake of WeChat's mini-program server API for tests: a real HTTP server on 127.0.0.1 that checks requests
 * as WeChat's documentation describes them — `cgi-bin/stable_token` (AppID and AppSecret, tokens of 7200 s, the
 * normal mode handing out the next token in the last 5 minutes, `force_refresh`), `wxa/getwxacodeunlimit` (the
 * access token; scene at most 32 visible characters of the documented set; page without a leading slash or query,
 * published when check_path is true; env_version), `sns/jscode2session` and `wxa/business/getuserphonenumber`
 * (codes the test issues, usable once) — and answers their errcodes. The mini-program code is a real PNG whose
 * `scene` text chunk carries the scene it was drawn for.
 */

type Api = 'stable_token' | 'getwxacodeunlimit' | 'jscode2session' | 'getuserphonenumber';

export interface FakeWechatRequest {
  api: Api;
  /** The errcode answered; 0 for success. */
  errcode: number;
}

export interface FakeWechat {
  baseUrl: string;
  appId: string;
  secret: string;
  /** Pages of the published mini-program (check_path=true accepts only these). */
  publishedPages: string[];
  requests: FakeWechatRequest[];
  /** The calls of one API so far. */
  count(api: Api): number;
  /** A `wx.login` code for a WeChat user, valid once. */
  loginCode(openid: string): string;
  /** A `getPhoneNumber` code for a mainland number, valid once. */
  phoneCode(mobile: string): string;
  /** The scene of each code drawn, in order. */
  scenes: string[];
  /** The next call of `api` fails with `errcode` (45011, -1, …). */
  failNext(api: Api, errcode: number): void;
  /** Every access token stops working at once (WeChat answers 40001 for them), as after a forced refresh elsewhere. */
  revokeAccessTokens(): void;
  close(): Promise<void>;
}

const TOKEN_LIFETIME_MS = 7200_000;
/** In normal mode WeChat hands out the next token this long before the current one expires. */
const NEXT_TOKEN_WINDOW_MS = 300_000;
const SCENE_CHARACTERS = /^[0-9A-Za-z!#$&'()*+,/:;=?@\-._~]+$/;
const ENV_VERSIONS = ['release', 'trial', 'develop'];

const ERRMSG: Record<number, string> = {
  [-1]: 'system error',
  40001: 'invalid credential, access_token is invalid or not latest',
  40002: 'invalid grant_type',
  40013: 'invalid appid',
  40029: 'invalid code',
  40097: 'invalid args',
  40125: 'invalid appsecret',
  40129: 'invalid scene',
  40163: 'code been used',
  40169: 'invalid length for scene, or the data is not json string',
  41001: 'access_token missing',
  41030: 'invalid page',
  42001: 'access_token expired',
  45011: 'api minute-quota reach limit  mustslower  retry next minute',
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A grayscale PNG of `modules`×`modules` black and white squares drawn from the scene's SHA-256 (a stand-in for
 * WeChat's round code), with the scene in a `tEXt` chunk.
 */
export function scenePng(scene: string, modules = 25, moduleSize = 8): Buffer {
  const bits = createHash('sha256').update(scene).digest();
  const size = modules * moduleSize;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(size + 1);
    for (let x = 0; x < size; x++) {
      const index = Math.floor(y / moduleSize) * modules + Math.floor(x / moduleSize);
      const on = ((bits[index % bits.length] as number) >> (index % 8)) & 1;
      row[x + 1] = on ? 0 : 255;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('tEXt', Buffer.from(`scene\0${scene}`, 'latin1')),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The scene written into a PNG by {@link scenePng}; undefined for any other image. */
export function sceneOfPng(png: Buffer): string | undefined {
  let offset = 8;
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (type === 'tEXt') {
      const [keyword, text] = png.toString('latin1', offset + 8, offset + 8 + length).split('\0');
      if (keyword === 'scene') return text;
    }
    offset += length + 12;
  }
  return undefined;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Starts the fake on a free port of 127.0.0.1; `now` is the clock its tokens expire by. */
export async function startFakeWechat(options: {
  now: () => Date;
  publishedPages?: string[];
}): Promise<FakeWechat> {
  const { now } = options;
  const appId = `wx${randomBytes(8).toString('hex')}`;
  const secret = randomBytes(16).toString('hex');
  const publishedPages = options.publishedPages ?? ['pages/login/index'];
  /** Every token issued, with when it stops working. */
  const tokens = new Map<string, { expiresAt: number; revoked: boolean }>();
  let current: string | undefined;
  const loginCodes = new Map<string, { openid: string; used: boolean }>();
  const phoneCodes = new Map<string, { mobile: string; used: boolean }>();
  const failures = new Map<Api, number>();
  const requests: FakeWechatRequest[] = [];
  const scenes: string[] = [];

  function json(response: ServerResponse, api: Api, payload: Record<string, unknown>) {
    requests.push({ api, errcode: typeof payload.errcode === 'number' ? payload.errcode : 0 });
    response.writeHead(200, { 'content-type': 'application/json; encoding=utf-8' });
    response.end(JSON.stringify(payload));
  }

  function refuse(response: ServerResponse, api: Api, errcode: number) {
    json(response, api, {
      errcode,
      errmsg: `${ERRMSG[errcode] ?? 'error'} rid: ${randomBytes(4).toString('hex')}`,
    });
  }

  function newToken(): string {
    const token = `${randomBytes(48).toString('base64url')}`;
    tokens.set(token, { expiresAt: now().getTime() + TOKEN_LIFETIME_MS, revoked: false });
    current = token;
    return token;
  }

  /** The errcode for an access token in the query; 0 when it works. */
  function tokenProblem(url: URL): number {
    const token = url.searchParams.get('access_token');
    if (!token) return 41001;
    const known = tokens.get(token);
    if (!known || known.revoked) return 40001;
    return known.expiresAt <= now().getTime() ? 42001 : 0;
  }

  function stableToken(response: ServerResponse, body: Record<string, unknown>) {
    if (body.grant_type !== 'client_credential') return refuse(response, 'stable_token', 40002);
    if (body.appid !== appId) return refuse(response, 'stable_token', 40013);
    if (body.secret !== secret) return refuse(response, 'stable_token', 40125);
    if (body.force_refresh === true) {
      for (const token of tokens.values()) token.revoked = true;
      newToken();
    }
    const live = current ? tokens.get(current) : undefined;
    const remaining = live && !live.revoked ? live.expiresAt - now().getTime() : 0;
    const token = remaining > NEXT_TOKEN_WINDOW_MS ? (current as string) : newToken();
    const expiresIn = Math.floor(((tokens.get(token)?.expiresAt ?? 0) - now().getTime()) / 1000);
    json(response, 'stable_token', { access_token: token, expires_in: expiresIn });
  }

  function miniProgramCode(response: ServerResponse, url: URL, body: Record<string, unknown>) {
    const problem = tokenProblem(url);
    if (problem) return refuse(response, 'getwxacodeunlimit', problem);
    const { scene, page, check_path: checkPath, env_version: envVersion, width } = body;
    if (typeof scene !== 'string' || scene.length === 0 || scene.length > 32) {
      return refuse(response, 'getwxacodeunlimit', 40169);
    }
    if (!SCENE_CHARACTERS.test(scene)) return refuse(response, 'getwxacodeunlimit', 40129);
    if (page !== undefined && (typeof page !== 'string' || page.startsWith('/') || /[?#]/.test(page))) {
      return refuse(response, 'getwxacodeunlimit', 41030);
    }
    if (checkPath !== false && typeof page === 'string' && !publishedPages.includes(page)) {
      return refuse(response, 'getwxacodeunlimit', 41030);
    }
    if (envVersion !== undefined && !ENV_VERSIONS.includes(envVersion as string)) {
      return refuse(response, 'getwxacodeunlimit', 40097);
    }
    if (width !== undefined && (typeof width !== 'number' || width < 280 || width > 1280)) {
      return refuse(response, 'getwxacodeunlimit', 40097);
    }
    scenes.push(scene);
    requests.push({ api: 'getwxacodeunlimit', errcode: 0 });
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(scenePng(scene));
  }

  function codeToSession(response: ServerResponse, url: URL) {
    const query = url.searchParams;
    if (query.get('appid') !== appId) return refuse(response, 'jscode2session', 40013);
    if (query.get('secret') !== secret) return refuse(response, 'jscode2session', 40125);
    if (query.get('grant_type') !== 'authorization_code') return refuse(response, 'jscode2session', 40002);
    const issued = loginCodes.get(query.get('js_code') ?? '');
    if (!issued) return refuse(response, 'jscode2session', 40029);
    if (issued.used) return refuse(response, 'jscode2session', 40163);
    issued.used = true;
    json(response, 'jscode2session', {
      openid: issued.openid,
      session_key: randomBytes(16).toString('base64'),
    });
  }

  function phoneNumber(response: ServerResponse, url: URL, body: Record<string, unknown>) {
    const problem = tokenProblem(url);
    if (problem) return refuse(response, 'getuserphonenumber', problem);
    const issued = typeof body.code === 'string' ? phoneCodes.get(body.code) : undefined;
    if (!issued || issued.used) return refuse(response, 'getuserphonenumber', 40029);
    issued.used = true;
    json(response, 'getuserphonenumber', {
      errcode: 0,
      errmsg: 'ok',
      phone_info: {
        phoneNumber: issued.mobile,
        purePhoneNumber: issued.mobile,
        countryCode: '86',
        watermark: { timestamp: Math.floor(now().getTime() / 1000), appid: appId },
      },
    });
  }

  const API_OF: Record<string, Api> = {
    'POST /cgi-bin/stable_token': 'stable_token',
    'POST /wxa/getwxacodeunlimit': 'getwxacodeunlimit',
    'GET /sns/jscode2session': 'jscode2session',
    'POST /wxa/business/getuserphonenumber': 'getuserphonenumber',
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const api = API_OF[`${request.method} ${url.pathname}`];
    const text = await readBody(request);
    if (!api) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errcode: 404, errmsg: 'not found' }));
      return;
    }
    const failure = failures.get(api);
    if (failure !== undefined) {
      failures.delete(api);
      return refuse(response, api, failure);
    }
    let body: Record<string, unknown> = {};
    if (request.method === 'POST') {
      // WeChat takes JSON only, not forms.
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return refuse(response, api, 40097);
      }
    }
    if (api === 'stable_token') return stableToken(response, body);
    if (api === 'getwxacodeunlimit') return miniProgramCode(response, url, body);
    if (api === 'jscode2session') return codeToSession(response, url);
    return phoneNumber(response, url, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    appId,
    secret,
    publishedPages,
    requests,
    scenes,
    count: (api) => requests.filter((request) => request.api === api).length,
    loginCode(openid) {
      const code = randomBytes(16).toString('hex');
      loginCodes.set(code, { openid, used: false });
      return code;
    },
    phoneCode(mobile) {
      const code = randomBytes(32).toString('hex');
      phoneCodes.set(code, { mobile, used: false });
      return code;
    },
    failNext(api, errcode) {
      failures.set(api, errcode);
    },
    revokeAccessTokens() {
      for (const token of tokens.values()) token.revoked = true;
      current = undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
