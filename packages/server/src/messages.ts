/** Every Chinese text the server sends to clients. */
export const messages = {
  notFound: '请求的地址不存在，请检查链接是否正确',
  serverError: '服务器出错，请稍后再试',
  unknownBrand: (brand: string) => `参数 brand：品牌 "${brand}" 不存在，请检查访问地址`,
  badRequestBody: (fastifyCode: string | undefined) => {
    switch (fastifyCode) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return '请求体不是有效的 JSON，请检查后重试';
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return '请求内容过大，请精简后重试';
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return '不支持的请求格式，请以 JSON 提交';
      default:
        return '请求格式不正确，请检查后重试';
    }
  },
  /** Sign-in, sessions and SMS codes (src/auth). */
  auth: {
    notSignedIn: '请先登录',
    sessionInvalid: '登录已失效，请重新登录',
    sessionExpired: '登录已过期，请重新登录',
    profileIncomplete: '请先完善个人资料',
    codeMissing: '请先获取验证码',
    codeExpired: '验证码已失效，请重新获取',
    codeWrong: (triesLeft: number) => `验证码错误，还可尝试 ${triesLeft} 次`,
    codeDead: '验证码错误次数过多，已失效，请重新获取',
    sendTooSoon: (wait: string) => `验证码发送过于频繁，请 ${wait}后再试`,
    sendHourlyLimit: (max: number, wait: string) =>
      `该手机号 1 小时内最多获取 ${max} 次验证码，请 ${wait}后再试`,
    sendDailyLimit: (max: number, wait: string) =>
      `该手机号 24 小时内最多获取 ${max} 次验证码，请 ${wait}后再试`,
    sendIpLimit: (wait: string) => `当前网络获取验证码过于频繁，请 ${wait}后再试`,
    sendFailed: '验证码发送失败，请稍后再试',
    accountFrozen: '您的账号已冻结，如需继续使用，请通过“解冻账号”获取短信验证码完成解冻',
    notFrozen: '该账号未被冻结，请直接登录',
    outboxEmpty: '该手机号在此品牌下没有发送过验证码',
  },
  /** The QR sign-in confirm page (src/auth/qr-pages.ts). */
  qrPage: {
    title: '扫码登录确认',
    intro: '请确认是您本人正在电脑上登录。输入手机号并获取短信验证码后，点击“确认登录”。',
    warning: '若不是您本人操作，请勿确认，以免账号被他人登录。',
    mobileLabel: '手机号',
    codeLabel: '短信验证码',
    sendCode: '获取验证码',
    confirm: '确认登录',
    codeSent: (maskedMobile: string) => `验证码已发送至 ${maskedMobile}，5 分钟内有效`,
    expired: '二维码已失效，请在电脑上刷新二维码后重新扫码',
    confirmed: '登录已确认，请回到电脑上继续使用',
    frozen: '该账号已冻结，请先在电脑上完成解冻后再登录',
  },
  /** Accounts and profiles (src/users). */
  users: {
    samePhone: '新手机号与当前手机号相同',
    phoneTaken: '该手机号已被本平台其他账号使用',
    defaultUserName: (mobile: string) => `用户${mobile.slice(-4)}`,
    avatarTooLarge: (maxMb: number) => `参数 file：图片不能超过 ${maxMb} MB`,
    avatarNotImage: '参数 file：只支持 png、jpeg、gif、webp 格式的图片',
    avatarEmpty: '参数 file：图片内容为空',
  },
} as const;
