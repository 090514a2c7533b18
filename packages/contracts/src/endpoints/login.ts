import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { flagSchema, mobileSchema, smsCodeSchema, userSchema } from './user';

/** What an SMS code is for; a code works only for the purpose it was sent for. */
export const SMS_PURPOSES = ['login', 'updatePhone', 'frozen', 'awaken', 'qr', 'cancelAccount'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

const rememberSchema = flagSchema
  .default(false)
  .describe('记住登录：true 时令牌 30 天有效，否则 24 小时；默认 false');

const registerTypeSchema = z.coerce.number().int().positive('registerType 必须是正整数').default(50);

/** The answer of every way of signing in: the bearer token and the user it belongs to. */
export const loginResultSchema = z.object({
  /** Send as `Authorization: Bearer <token>`. */
  token: z.string(),
  /** ISO time after which the token stops working unless used before (sliding: 24 h, 30 days remembered). */
  tokenExpiresAt: z.string(),
  user: userSchema,
});

export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * The 隐私政策 version the caller consented to (the brand manifest's `legal.privacyPolicyVersion`). Checked by the
 * server, not here: a missing or outdated version gets its own code and message instead of a validation error.
 */
export const consentVersionSchema = z
  .string()
  .trim()
  .max(64, 'consentVersion 不能超过 64 个字符')
  .optional()
  .describe(
    '用户勾选同意的《隐私政策》版本（品牌的 legal.privacyPolicyVersion）；缺失或不是当前版本时拒绝：不发送验证码，不生成二维码',
  );

/** The code and `data.field` of a send refused for want of consent to the current privacy policy. */
export const CONSENT_REQUIRED_FIELD = 'consentVersion';

/**
 * Sends a 6-digit code valid 5 minutes (spec §7 `login/sendMessageCode`, params in the query), only to a caller
 * who consented to the brand's current privacy policy (PIPL; the consent is recorded). The answer is the same
 * whether or not the phone has an account.
 */
export const sendMessageCodeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/login/sendMessageCode',
  summary:
    '发送短信验证码：6 位，5 分钟内有效，只能用一次，输错 5 次作废；同一手机号 60 秒 1 次、每小时 5 次、24 小时 10 次',
  access: 'public',
  request: z.object({
    mobile: mobileSchema,
    purpose: z
      .enum(SMS_PURPOSES, { error: `purpose 只能是 ${SMS_PURPOSES.join('、')} 之一` })
      .default('login'),
    consentVersion: consentVersionSchema,
  }),
  response: z.object({
    /** Seconds the code stays valid. */
    expiresIn: z.number().int(),
    /** Seconds before another code may be requested for this phone. */
    resendAfter: z.number().int(),
  }),
  errors: [
    {
      code: 400,
      when: '未同意当前版本的《隐私政策》（consentVersion 缺失或已过期）：不发送；data.field 为 consentVersion，data.currentVersion 为当前版本',
    },
    {
      code: 429,
      when: '发送过于频繁（按手机号或 IP 限制）；message 说明多久后可再试，data.retryAfter 为秒数',
    },
  ],
});

/** What a signed-in member proves with a code sent to the account's own phone. */
export const IDENTIFY_PURPOSES = ['cancelAccount', 'frozen'] as const;

/**
 * spec §7 `common/sendIdentifycode`: a code to the signed-in member's own phone, to prove it is them before an
 * action on the account (注销账号, 冻结账号). The same codes, limits and consent rule as `login/sendMessageCode`; the
 * phone is the account's, never one the request names.
 */
export const sendIdentifycodeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/common/sendIdentifycode',
  summary:
    '发送身份验证码到当前账号的手机号：6 位，5 分钟内有效；用于注销、冻结账号等操作前核实本人；频率限制与 login/sendMessageCode 相同',
  access: 'user',
  request: z.object({
    purpose: z
      .enum(IDENTIFY_PURPOSES, { error: `purpose 只能是 ${IDENTIFY_PURPOSES.join('、')} 之一` })
      .default('cancelAccount'),
    consentVersion: consentVersionSchema,
  }),
  response: z.object({
    /** The account's phone, masked (138****1234), to say where the code went. */
    maskedMobile: z.string(),
    expiresIn: z.number().int(),
    resendAfter: z.number().int(),
  }),
  errors: [
    { code: 400, when: '未同意当前版本的《隐私政策》：不发送；data.field 为 consentVersion' },
    { code: 429, when: '发送过于频繁；message 说明多久后可再试，data.retryAfter 为秒数' },
  ],
});

/** Signs in with an SMS code (spec §7 `login/messageLogin`); the first sign-in of a phone creates its account. */
export const messageLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/login/messageLogin',
  summary:
    '短信验证码登录：首次登录自动注册；remember=true 时令牌 30 天有效，否则 24 小时（自最后一次使用起算）；新登录使该账号的旧令牌返回 4011',
  access: 'public',
  request: z.object({
    mobile: mobileSchema,
    code: smsCodeSchema,
    registerType: registerTypeSchema,
    remember: rememberSchema,
  }),
  response: loginResultSchema,
  errors: [
    { code: 400, when: '验证码错误（message 含剩余次数）、已过期、已使用或错误次数过多' },
    { code: 423, when: '账号已冻结：获取 purpose=awaken 的验证码后调用 login/awaken 解冻' },
  ],
});

/** Ends the session of the token sent; answers success even when the token is already invalid. */
export const logoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/login/logout',
  summary: '退出登录：作废当前令牌（令牌已失效时同样返回成功）',
  access: 'public',
  request: z.object({}),
  response: z.null(),
});

/** The signed-in user freezes their own account, proven by a code (purpose `frozen`) sent to their phone. */
export const frozenAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/login/frozenAccount',
  summary: '冻结账号：需本人手机号 purpose=frozen 的验证码；冻结后所有令牌失效，解冻请用 login/awaken',
  access: 'session',
  request: z.object({ code: smsCodeSchema }),
  response: z.null(),
  errors: [{ code: 400, when: '验证码错误或已失效' }],
});

/** Unfreezes a frozen account and signs in (spec §7 `login/awaken`, registerType defaults to 50). */
export const awakenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/login/awaken',
  summary: '解冻账号并登录：需 purpose=awaken 的验证码',
  access: 'public',
  request: z.object({
    mobile: mobileSchema,
    code: smsCodeSchema,
    registerType: registerTypeSchema,
    remember: rememberSchema,
  }),
  response: loginResultSchema,
  errors: [{ code: 400, when: '验证码错误或已失效；该账号未被冻结' }],
});

/** Seconds a QR sign-in stays valid. */
export const QR_TICKET_TTL_SECONDS = 300;

/**
 * How QR sign-in works on this server (`WECHAT_PROVIDER`): `wechat` shows WeChat's mini-program code, `sandbox` a
 * QR code of the server's own confirm page (demos and tests), `off` no QR sign-in (the login page offers SMS only).
 */
export const QR_SIGN_IN_MODES = ['sandbox', 'wechat', 'off'] as const;
export type QrSignInMode = (typeof QR_SIGN_IN_MODES)[number];

/** Which QR sign-in the login page offers; `off` hides the QR tab. */
export const qrcodeModeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/maQrcodeLogin/mode',
  summary:
    '扫码登录方式：wechat 为微信小程序码，sandbox 为本服务的确认页（演示与测试），off 为未开启（仅短信登录）',
  access: 'public',
  request: z.object({}),
  response: z.object({ mode: z.enum(QR_SIGN_IN_MODES) }),
});

const signInIdSchema = z
  .string({ error: '请提供 signInId' })
  .trim()
  .min(1, '请提供 signInId')
  .max(64, 'signInId 格式不正确');

/**
 * Starts a QR sign-in. The code shown carries only `signInId`; `claimSecret` stays in the browser, which alone can
 * claim the session with it (someone who sees the code, on a shared screen, cannot).
 */
export const getQrcodeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/maQrcodeLogin/getQrcode',
  summary:
    '获取扫码登录二维码：300 秒内有效。wechat 模式 qrImage 为微信小程序码图片（data URL），sandbox 模式 qrUrl 为手机端确认页地址；用 signInId 与 claimSecret 轮询 checkQrcode。claimSecret 只在本浏览器保存，不要放进二维码、地址或日志',
  access: 'public',
  request: z.object({
    remember: rememberSchema,
    consentVersion: consentVersionSchema,
  }),
  response: z.discriminatedUnion('mode', [
    z.object({
      mode: z.literal('wechat'),
      signInId: z.string(),
      claimSecret: z.string(),
      /** The mini-program code WeChat drew, as a `data:image/…;base64,` URL. */
      qrImage: z.string(),
      expiresIn: z.number().int(),
      expiresAt: z.string(),
    }),
    z.object({
      mode: z.literal('sandbox'),
      signInId: z.string(),
      claimSecret: z.string(),
      /** Absolute URL of the confirm page (with the sign-in id only), to be drawn as the QR code. */
      qrUrl: z.string(),
      expiresIn: z.number().int(),
      expiresAt: z.string(),
    }),
  ]),
  errors: [
    { code: 404, when: '扫码登录未开启（WECHAT_PROVIDER=off）' },
    { code: 429, when: '同一 IP 获取二维码过于频繁；data.retryAfter 为秒数' },
    { code: 500, when: '微信接口出错（message 说明原因）' },
  ],
});

/**
 * Polls a QR sign-in: WAITING → SCANNED (code scanned) → CONFIRMED (answered once, with the token) or EXPIRED. Only
 * the browser that holds the claim secret gets the session; the id alone, or a wrong secret, answers EXPIRED.
 */
export const checkQrcodeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/maQrcodeLogin/checkQrcode',
  summary:
    '查询扫码登录状态：WAITING 待扫码，SCANNED 已扫码待确认，CONFIRMED 已确认（仅此一次返回令牌与用户），EXPIRED 已过期、已使用或 claimSecret 不符',
  access: 'public',
  request: z.object({
    signInId: signInIdSchema,
    claimSecret: z
      .string({ error: '请提供 claimSecret' })
      .trim()
      .min(1, '请提供 claimSecret')
      .max(100, 'claimSecret 格式不正确'),
  }),
  response: z.union([
    z.object({ status: z.enum(['WAITING', 'SCANNED', 'EXPIRED']) }),
    loginResultSchema.extend({ status: z.literal('CONFIRMED') }),
  ]),
});
