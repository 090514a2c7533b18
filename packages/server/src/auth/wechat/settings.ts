import { isLocalHost } from '../sms-vendor-config';

/** `WECHAT_PROVIDER`: how the QR sign-in works (docs/operations.md "WeChat mini-program sign-in"). */
export const WECHAT_PROVIDERS = ['sandbox', 'wechat', 'off'] as const;
export type WechatProviderName = (typeof WECHAT_PROVIDERS)[number];

export const MINI_PROGRAM_ENV_VERSIONS = ['release', 'trial', 'develop'] as const;
export type MiniProgramEnvVersion = (typeof MINI_PROGRAM_ENV_VERSIONS)[number];

export const WECHAT_DEFAULT_API_BASE = 'https://api.weixin.qq.com';

/** The mini-program's credentials and where its code opens, from the environment. */
export interface MiniProgramSettings {
  /** WECHAT_MA_APPID: the mini-program's AppID. */
  appId: string;
  /** WECHAT_MA_SECRET: its AppSecret. */
  secret: string;
  /** WECHAT_API_BASE: default https://api.weixin.qq.com (tests point it at a local fake). */
  apiBase: string;
  /** WECHAT_MA_PAGE: the page the code opens, such as pages/login/index (no leading slash, no query). */
  page: string;
  /**
   * WECHAT_MA_DETAIL_PAGE: the mini-program's page that shows one item (scene `id=<id>`), for the detail screens'
   * scan-to-phone code (`ma/getQrcode`); without it that code is not offered.
   */
  detailPage: string | undefined;
  /** WECHAT_MA_ENV_VERSION: which version of the mini-program the code opens (default release). */
  envVersion: MiniProgramEnvVersion;
}

export type WechatSignInSettings =
  | { provider: 'sandbox' | 'off' }
  | { provider: 'wechat'; miniProgram: MiniProgramSettings };

const REQUIRED = [
  ['WECHAT_MA_APPID', '小程序 AppID'],
  ['WECHAT_MA_SECRET', '小程序 AppSecret'],
  ['WECHAT_MA_PAGE', '小程序码打开的页面，如 pages/login/index'],
] as const;

/**
 * Reads `WECHAT_PROVIDER` and, for `wechat`, the mini-program settings; a missing or unusable one stops the start
 * with a Chinese message naming the variable.
 */
export function readWechatSignInSettings(env: NodeJS.ProcessEnv): WechatSignInSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  const provider = value('WECHAT_PROVIDER') ?? 'sandbox';
  if (!(WECHAT_PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(`WECHAT_PROVIDER 不支持 "${provider}"，可选：${WECHAT_PROVIDERS.join('、')}`);
  }
  if (provider !== 'wechat') return { provider: provider as 'sandbox' | 'off' };
  for (const [name, what] of REQUIRED) {
    if (!value(name)) throw new Error(`WECHAT_PROVIDER=wechat 需要设置 ${name}（${what}）`);
  }
  const page = value('WECHAT_MA_PAGE') as string;
  const detailPage = value('WECHAT_MA_DETAIL_PAGE');
  for (const [name, path, example] of [
    ['WECHAT_MA_PAGE', page, 'pages/login/index'],
    ['WECHAT_MA_DETAIL_PAGE', detailPage, 'pages/detail/index'],
  ] as const) {
    if (path !== undefined && (!/^[A-Za-z0-9_\-/]+$/.test(path) || path.startsWith('/'))) {
      throw new Error(`${name} 应为不以 / 开头、不带参数的页面路径，如 ${example}，当前为 "${path}"`);
    }
  }
  const envVersion = value('WECHAT_MA_ENV_VERSION') ?? 'release';
  if (!(MINI_PROGRAM_ENV_VERSIONS as readonly string[]).includes(envVersion)) {
    throw new Error(
      `WECHAT_MA_ENV_VERSION 不支持 "${envVersion}"，可选：${MINI_PROGRAM_ENV_VERSIONS.join('、')}`,
    );
  }
  const apiBase = (value('WECHAT_API_BASE') ?? WECHAT_DEFAULT_API_BASE).replace(/\/+$/, '');
  // Plain http only to this machine (the tests' fake): the AppSecret travels in the requests.
  if (
    !/^https?:\/\/[^/?#]+$/.test(apiBase) ||
    (apiBase.startsWith('http:') && !isLocalHost(new URL(apiBase).hostname))
  ) {
    throw new Error(`WECHAT_API_BASE 应为 https://主机名 形式，当前为 "${value('WECHAT_API_BASE')}"`);
  }
  return {
    provider: 'wechat',
    miniProgram: {
      appId: value('WECHAT_MA_APPID') as string,
      secret: value('WECHAT_MA_SECRET') as string,
      apiBase,
      page,
      detailPage,
      envVersion: envVersion as MiniProgramEnvVersion,
    },
  };
}
