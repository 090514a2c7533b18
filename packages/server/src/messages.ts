/** Every Chinese text the server sends to clients. */
export const messages = {
  notFound: '请求的地址不存在，请检查链接是否正确',
  serverError: '服务器出错，请稍后再试',
  healthStarting: '服务正在启动（首次启动正在加载演示数据），请稍候',
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
  /** Rate limits (src/security). */
  security: {
    tooManyRequests: (wait: string) => `操作过于频繁，请 ${wait}后再试`,
    nulCharacter: (field: string) => `参数 ${field}：不能包含空字符（\\u0000），请删除后重试`,
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
  /** What a member is told when the SMS vendor refuses a code (src/auth/sms-failures.ts). */
  smsVendor: {
    phoneLimitShort: '验证码发送过于频繁，请稍后再试',
    phoneLimitHour: '该手机号 1 小时内接收验证码次数已达上限，请 1 小时后再试',
    phoneLimitDay: '该手机号今日接收验证码次数已达上限，请明天再试',
    invalidNumber: '手机号码无效，请检查后重新输入',
    unavailable: '短信服务暂不可用，请稍后再试或联系客服',
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
  /** The mini-program sign-in (src/auth/qr-login.ts, src/auth/wechat). */
  wechatSignIn: {
    off: '扫码登录未开启，请使用短信验证码登录',
    expired: '二维码已失效，请在电脑上刷新二维码后重新扫码',
    confirmed: '登录已确认，请回到电脑上继续使用',
    otherWechat: '该二维码已被其他微信扫描，请在电脑上刷新二维码后重新扫码',
    sessionFirst: '请先完成微信登录（wx.login）再授权手机号',
    wrongSecret: '小程序登录状态已失效，请重新扫码',
    frozen: '该账号已冻结，请先在电脑上通过短信验证码完成解冻后再登录',
    noPhone: '未能获取到微信绑定的手机号，请使用短信验证码登录',
    invalidCode: '微信登录凭证无效或已使用，请重新进入小程序后再试',
    tooFrequent: '微信接口调用过于频繁，请稍后再试',
    invalidAppId: '小程序 AppID 配置有误，请联系客服',
    busy: '微信服务繁忙，请稍后再试',
    token: '微信接口凭证失效，请稍后再试',
    unreachable: '暂时无法连接微信服务，请稍后再试',
    failed: (errcode: number) => `微信接口返回错误（${errcode}），请稍后再试`,
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
  /** Enterprise accounts: main account and sub-accounts (src/enterprise). */
  enterprise: {
    notPrimary: '仅企业主账号可以管理企业账号',
    notOwnSubAccount: '该账号不是您企业的子账号',
    cannotRemoveSelf: '主账号不能移除自己',
    inviteForOthers: '只能为自己的企业生成邀请二维码',
    inviteInvalid: '邀请二维码无效，请向企业主账号索取新的二维码',
    inviteExpired: '邀请二维码已过期，请向企业主账号索取新的二维码',
    joinClosed: '该企业暂未开放加入，请联系企业主账号',
    enterpriseFull: (max: number) => `该企业子账号已满（最多 ${max} 个），请联系企业主账号`,
    alreadyMember: '您的账号已属于一个企业，不能再加入其他企业',
    userAlreadyMember: '该用户已属于一个企业',
    userNotFound: (userId: number) => `用户 ${userId} 在该品牌下不存在`,
    defaultName: '未命名企业',
  },
  /** API keys, the open data API and the MCP server (src/open-api). */
  openApi: {
    tooManyKeys: (max: number) => `最多可有 ${max} 个有效密钥，请先吊销不用的密钥`,
    noSuchKey: '该密钥不存在或已吊销',
    keyMissing: '请在请求头 Authorization: Bearer <API 密钥> 中提供 API 密钥',
    keyInvalid: 'API 密钥无效或已吊销',
    rateLimited: (seconds: number) => `调用过于频繁，请 ${seconds} 秒后再试`,
    notFound: '没有这个接口',
    webhookNotPublic: 'url 不能指向本机、内网或其他非公网地址',
    webhookGone: '密钥已吊销或 Webhook 已停用，不再推送',
  },
  /** Member levels, memberships and the membership modal (src/membership). */
  membership: {
    /** spec §1: putong is tagged 未开通 (memberName of a user without a paid level). */
    notOpened: '未开通',
    onlyPrimaryBuys: '仅支持主账号购买会员',
    subAccountRevoke: '子账号使用所在企业的会员，请对企业主账号操作',
    nothingToRevoke: '该账号没有可撤销的会员',
    unknownLevel: (code: string) => `会员等级 ${code} 在该品牌下不存在`,
    notPaidLevel: (code: string) => `会员等级只能是 toubiaotong、qiyetong、qiye 之一，收到 ${code}`,
    badMonths: '购买月数应为 1—120 之间的整数',
    unknownArea: (area: string) =>
      `地区“${area}”不是省级地区名称（例如 广东省、广西壮族自治区），或使用“全国”`,
    /** The comparison table of the membership modal (spec §2): sections, row labels and cell texts. */
    table: {
      groups: { daily: '每日可查看信息', subscriptions: '订阅', monitoring: '监控', features: '功能' },
      rows: {
        watchZhaobiao: '招标信息',
        watchDesignedProject: '拟建项目',
        shenPiProject: '审批项目',
        purchaseDetail: '采购意向',
        preProjectDetail: '前期商机',
        subscribeZhaobiao: '招标订阅',
        subscribeZhongbiao: '中标订阅',
        preProjectSubscribe: '前期商机订阅',
        subscribeDesignedProject: '拟建项目订阅',
        companyMonitor: '企业监控',
        projectMonitor: '项目监控',
        downloadExpansion: '附件下载',
        detailLink: '查看原文链接',
        havePcLogin: 'PC端查看',
        downloadAnnouncement: '公告正文下载',
        watchDesignedProjectConnector: '拟建项目联系方式',
        downloadProject: '数据导出',
        projectAnalyzer: '项目分析',
        toubiaoPredict: '潜在投标人预测',
        watchCompanyDetail: '企业详情',
        bussinessAnalyzer: '合作供应商/业主',
        watchCompanyPhoneBook: '企业通讯录',
        apiAccess: '数据接口（API / MCP）调用',
      },
      unlimited: '无限',
      notSupported: '不支持',
      supported: '支持',
      perDay: (count: number, unit: string) => `${count}${unit}/天`,
      freeTrialPerDay: (count: number, unit: string) => `免费试用${count}${unit}/天`,
      total: (count: number, unit: string) => `${count}${unit}`,
      groupsWithWords: (groups: string, words: string) => `${groups}组，每组${words}个词`,
      unlimitedCount: '不限',
      units: { item: '条', time: '次', company: '家', project: '个', group: '组' },
    },
  },
  /** The permission gates (src/gates). */
  gates: {
    itemNotFound: '该信息不存在或已删除',
    featureHidden: '当前平台未开放该功能',
  },
  /** Products, orders and payments (src/orders, src/payments). */
  orders: {
    levelNotOnSale: (code: string) => `参数 memberCode：会员等级 ${code} 暂不在售`,
    productNotFound: '参数 productId：产品不存在、已下架或不属于所选等级，请刷新后重试',
    unknownArea: (area: string) =>
      `参数 payAreas：地区“${area}”不是省级地区名称（例如 广东省、广西壮族自治区），或使用“全国”`,
    activityNotFound: '参数 actiId：活动不存在或已结束',
    orderNotFound: '订单不存在',
    orderPaid: '该订单已支付，无需重复支付',
    orderClosed: '该订单已关闭，请重新下单',
    providerUnavailable: '支付渠道暂时不可用，请稍后重试',
    /** What the payer sees on the provider's page ('阿尔法招标网-投标通 12个月'). */
    paymentDescription: (brandName: string, memberName: string, label: string) =>
      `${brandName}-${memberName} ${label}`,
  },
  /** Coupons and activities (src/coupons). */
  coupons: {
    activityNotFound: '活动不存在、未开始或已结束',
  },
  /** The sandbox payment page the QR code opens (src/payments/sandbox-pages.ts). */
  payPage: {
    title: '模拟支付',
    sandboxNotice: '这是模拟支付页面（PAY_PROVIDER=sandbox），不会产生真实扣款。',
    order: '订单号',
    product: '购买内容',
    areas: '地区',
    amount: '应付金额',
    coupon: '优惠券抵扣',
    confirm: '确认支付',
    paid: '支付成功，请回到电脑上查看会员状态',
    alreadyPaid: '该订单已支付',
    closed: '该订单已关闭，请在电脑上重新下单',
    invalid: '支付链接无效，请在电脑上刷新二维码后重新扫码',
    failed: '支付未成功，请在电脑上重新下单',
    yuan: (amount: string) => `¥${amount}`,
  },
  /** Detail screens, source links and downloads (src/details). */
  details: {
    noSourceLink: '该信息暂无原文链接',
    phoneCodeOff: '当前平台未开放扫码在手机上查看',
  },
  /** tender-server member … / privilege … (src/membership/commands.ts): operators read these. */
  /** `tender-server audit` (src/audit). */
  auditCli: {
    none: '没有符合条件的审计记录',
    user: (userId: number) => `用户 ${userId}`,
    by: (actor: string) => `操作者 ${actor}`,
    target: (target: string) => `对象 ${target}`,
    more: (limit: number) => `（只显示最新的 ${limit} 条，可用 --limit 或 --since 查看更多）`,
    badTime: (option: string, value: string) =>
      `${option} 应为 YYYY-MM-DD 或 "YYYY-MM-DD HH:mm"（北京时间），当前为 "${value}"`,
    badLimit: (value: string | undefined) => `--limit 应为 1–10000 的整数，当前为 "${value}"`,
    badUser: (value: string) => `--user 应为用户编号（数字），当前为 "${value}"`,
    mobileNeedsBrand: '按手机号查询时须同时指定 --brand（各品牌的账号互不相通）',
    noSuchAccount: (brand: string, mobile: string) => `品牌 ${brand} 下没有手机号为 ${mobile} 的账号`,
  },
  memberCli: {
    memberUsage: [
      '用法：',
      '  tender-server member grant  [--brand 品牌] --mobile 手机号 --level toubiaotong|qiyetong|qiye --months 月数 [--areas 广东省,广西壮族自治区|全国]',
      '  tender-server member revoke [--brand 品牌] --mobile 手机号 [--level 等级（不填则撤销全部等级）]',
      '  tender-server member show   [--brand 品牌] --mobile 手机号',
    ].join('\n'),
    privilegeUsage: [
      '用法：',
      '  tender-server privilege set  [--brand 品牌] --level putong|toubiaotong|qiyetong|qiye --key 权限键 --value 值',
      '  tender-server privilege list [--brand 品牌]',
      '值：-1 或 true 为不限，0 或 false 为不支持，正整数为额度（每日或总数）。',
    ].join('\n'),
    unknownSubcommand: (name: string) => `未知子命令 "${name}"`,
    missingOption: (option: string) => `缺少参数 --${option}`,
    badOption: (detail: string) => `参数有误：${detail}`,
    chooseBrand: (brands: string) => `有多个品牌，请用 --brand 指定：${brands}`,
    noBrand: '数据库中还没有任何品牌，请先启动一次服务（start）创建品牌',
    unknownBrand: (brand: string) => `品牌 ${brand} 不存在`,
    userNotFound: (brand: string, mobile: string) =>
      `品牌 ${brand} 下没有手机号为 ${mobile} 的账号（用户需先登录一次）`,
    badValue: (value: string) => `权限值 ${value} 无效：应为 -1、true、false 或不小于 0 的整数`,
    unknownKey: (key: string) => `未知权限键 ${key}`,
    granted: (level: string, months: number, areas: string) =>
      `已开通：${level} ${months} 个月，地区：${areas}`,
    enterpriseCreated: (name: string) => `已为该账号创建企业“${name}”（企业版会员由主账号与子账号共享）`,
    revoked: (levels: string) => `已撤销：${levels}`,
    before: (text: string) => `变更前：${text}`,
    after: (text: string) => `变更后：${text}`,
    account: (mobile: string, userId: number, brand: string) =>
      `账号 ${mobile}（用户编号 ${userId}，品牌 ${brand}）`,
    current: (name: string, code: string, pc: boolean) =>
      `当前等级：${name}（${code}），PC 端：${pc ? '可用' : '不可用'}`,
    enterpriseRole: (role: string, name: string) => `企业：${name}（${role}）`,
    primaryRole: '主账号',
    subRole: '子账号',
    noEnterprise: '企业：无（个人账号）',
    periodsHeader: '服务期明细：',
    noPeriods: '  （无，普通用户）',
    period: (name: string, active: boolean, expires: string, areas: string) =>
      `  ${name}${active ? '（正在使用中）' : ''} 到期 ${expires}，地区：${areas}`,
    summary: (name: string, expires: string | undefined) => (expires ? `${name}，到期 ${expires}` : name),
    privilegeChanged: (brand: string, level: string, key: string, before: string, after: string) =>
      `品牌 ${brand} 的 ${level} ${key}：${before} → ${after}`,
    privilegeHeader: (brand: string) => `品牌 ${brand} 的会员权限（-1/true 不限，0/false 不支持）：`,
  },
  /** The NDJSON importer, the demo corpus and the corpus command (src/ingest, src/corpus): operators read these. */
  crawl: {
    unknownSource: (name: string, known: string) => `未知的数据源：${name}（可选：${known}）`,
    crawlUsage: '用法：tender-server crawl <数据源> [--max-pages N] [--delay 秒]',
    listLayout: '列表页结构无法识别（未找到公告列表）',
    detailLayout: '详情页结构无法识别（未找到公告正文）',
    fetchFailed: (reason: string) => `抓取失败：${reason}`,
    robotsRefused: 'robots.txt 不允许抓取',
    recordRejected: (field: string, reason: string) => `${field}：${reason}`,
    report: (
      source: string,
      lists: number,
      details: number,
      inserted: number,
      duplicates: number,
      failed: number,
    ) =>
      `${source}：列表页 ${lists} 个，新详情页 ${details} 个，新增 ${inserted} 条，重复 ${duplicates} 条，无法读取 ${failed} 页`,
    failedPage: (url: string, reason: string) => `无法读取 ${url}：${reason}`,
    partnerUsage: '用法：tender-server partner create <合作方名称> | partner revoke <密钥前缀>',
    partnerCreated: (partner: string, secret: string) =>
      `已为 ${partner} 创建接入密钥（只显示这一次，请妥善转交）：${secret}`,
    partnerRevoked: (prefix: string) => `已停用密钥 ${prefix}…`,
    partnerKeyMissing: (prefix: string) => `没有以 ${prefix} 开头的有效密钥`,
    badKey: '接入密钥无效或已停用',
    badBody: '请求体应为 JSON 对象',
    noContent: '没有可读取的公告正文',
  },
  ingest: {
    required: '缺少必填字段',
    expected: (what: string) => `应为${what}`,
    empty: '不能为空',
    tooLong: (max: number) => `不能超过 ${max} 个字符`,
    tooManyItems: (max: number) => `最多 ${max} 项`,
    tooSmall: (min: number) => `不能小于 ${min}`,
    tooBig: (max: number) => `不能大于 ${max}`,
    oneOf: (values: string) => `只能是 ${values} 之一`,
    unknownField: '未知字段（字段名区分大小写，见 docs/data-format.md）',
    badDate: '应为 YYYY-MM-DD 格式的有效日期（中国时间）',
    badDateTime: '应为 YYYY-MM-DD、YYYY-MM-DD HH:mm[:ss]（中国时间）或带时区的 ISO 8601 时间',
    badMonth: '应为 YYYY-MM 格式的月份',
    yearOutOfRange: '年份应在 2000—2099 之间',
    badUrl: '应为 http:// 或 https:// 开头的网址',
    unknownArea: (code: string) => `地区代码 ${code} 不在 GB/T 2260 区划中`,
    notProvince: (code: string) => `${code} 不是省级区划代码（应以 0000 结尾）`,
    areaOutside: (code: string, parent: string) => `地区代码 ${code} 不属于 ${parent}`,
    areaWithoutProvince: '填写城市或区县代码时必须同时填写 provinceCode',
    unknownIndustry: (code: string) => `行业代码 ${code} 不是 GB/T 4754-2017 的大类代码（01—97）`,
    methodNotForProjects: '拟建（nj）和审批（sp）项目没有采购方式',
    noticeKindFor: (type: string, allowed: string) => `${type} 的 noticeKind 只能是 ${allowed}`,
    noticeKindOnlyBgJg: '只有更正/变更/终止公告（bg）和结果公告（jg）可以填写 noticeKind',
    projectFieldsOnly: '只有拟建（nj）和审批（sp）项目可以填写',
    approvalStageRequired: '审批项目（sp）必须填写审批阶段 approval.stage',
    badCreditCode: '统一社会信用代码应为 18 位数字或大写字母',
    notJson: (detail: string) => `不是有效的 JSON：${detail}`,
    notObject: '每行应是一个 JSON 对象',
    lineTooLong: (maxMb: number) => `这一行超过 ${maxMb} MB`,
    rejectedLine: (line: number, field: string, reason: string) => `第 ${line} 行 ${field}：${reason}`,
    wholeLine: '整行',
    importUsage: '用法：tender-server import <文件.ndjson> [--batch-size 500]',
    fileMissing: (path: string) => `找不到文件 ${path}`,
    validating: (path: string) => `正在校验 ${path} …`,
    validationFailed: (bad: number, total: number) =>
      `校验未通过：${bad} 行有误（共 ${total} 行），没有导入任何数据。请修正上面列出的行后重新导入。`,
    moreRejected: (count: number) => `……另有 ${count} 行有误，未逐条保留`,
    emptyFile: '文件中没有任何记录，没有导入任何数据',
    validated: (records: number, seconds: string) => `校验通过：${records} 条记录（用时 ${seconds} 秒）`,
    resuming: (done: number, total: number) =>
      `继续上次中断的导入：已提交 ${done}/${total} 行，从第 ${done + 1} 行继续`,
    progress: (
      percent: number,
      done: number,
      total: number,
      rate: number,
      inserted: number,
      duplicates: number,
    ) => `${percent}%  ${done}/${total} 行  ${rate} 条/秒  新增 ${inserted}  重复 ${duplicates}`,
    finished: (inserted: number, bySource: number, byContent: number, seconds: string, rate: number) =>
      `导入完成：新增 ${inserted} 条；重复已跳过 ${bySource + byContent} 条（来源编号相同 ${bySource}，标题、项目编号、采购人、发布日期相同 ${byContent}）；用时 ${seconds} 秒，${rate} 条/秒`,
    interrupted: (line: number) => `导入已中断：已提交到第 ${line} 行。再次运行同一命令会从下一行继续。`,
    badBatchSize: '--batch-size 应为 1—5000 之间的整数',
    corpusUsage:
      '用法：tender-server corpus --size <条数> [--seed <种子>] [--until YYYY-MM-DD] [--out 文件.ndjson]（不给 --out 时写到标准输出）',
    badSize: '--size 应为非负整数',
    badUntil: '--until 应为 YYYY-MM-DD 格式的有效日期',
    unknownOption: (detail: string) => `参数有误：${detail}`,
  },
  /** Search (src/search): the endpoints' refusals and the `search` operator command. */
  search: {
    pageBeyondLimit: (maxPages: number) =>
      `参数 pageNumber：最多可查看 ${maxPages} 页，请修改搜索条件缩小范围`,
    noSuchProject: '审批项目不存在或已删除',
    nothingSearchable: (typed: string) =>
      `搜索词“${typed}”中没有可检索的文字，未能匹配任何信息，请使用汉字、字母或数字搜索`,
    nothingSearchableWithin: (typed: string) =>
      `结果中搜索的词“${typed}”中没有可检索的文字，请使用汉字、字母或数字`,
    usage:
      '用法：tender-server search reindex [--missing] [--batch-size 1000]（重建检索索引；--missing 只补建缺少索引的数据）',
    badBatchSize: '--batch-size 应为 1—10000 之间的整数',
    reindexProgress: (done: number, total: number) => `检索索引：${done}/${total}`,
    reindexDone: (count: number, seconds: string) => `检索索引已重建：${count} 条，用时 ${seconds} 秒`,
    missingFound: (count: number) => `发现 ${count} 条数据尚无检索索引，正在补建`,
    /** getHostSearchWord pads the brand's own hot words with these while its users have searched little. */
    defaultHotWords: [
      '医院',
      '物业管理',
      '监控',
      '信息化',
      '道路',
      '食堂',
      '医疗设备',
      '办公家具',
      '绿化养护',
      '安保服务',
    ] as string[],
  },
  /** Subscriptions, monitors and push (src/subscriptions, src/monitoring, src/push). */
  subscriptions: {
    wordNotSearchable: (word: string) => `关键词“${word}”中没有可检索的文字，请使用汉字、字母或数字`,
    groupNotFound: '订阅分组不存在或已删除',
    groupsUsedUp: (kindName: string, limit: number) =>
      `您的会员最多可建 ${limit} 个${kindName}分组，已达上限`,
    wordsUsedUp: (limit: number) => `您的会员每个分组最多 ${limit} 个关键词`,
    typeOutsideKind: (type: string, kindName: string) => `类型 ${type} 不属于${kindName}，请重新选择`,
    unknownArea: (area: string) => `参数 areas：未知的地区 ${area}`,
    webhookUrlMissing: '参数 webhookUrl：请填写群机器人的地址',
    kindNames: { tender: '招标订阅', award: '中标订阅', early: '商机订阅', project: '拟建项目订阅' },
    keywordTooShort: '关键词至少 2 个字',
    keywordTooLong: '关键词最多 20 个字',
    keywordNotSearchable: '关键词须包含汉字、字母或数字',
    keywordValid: '关键词可用',
    companyNotFound: '没有找到这家公司，请输入公司全称',
    monitorsUsedUp: (what: string, limit: number) => `您的会员最多可监控 ${limit} 个${what}，已达上限`,
    companyMonitors: '公司',
    projectMonitors: '项目',
    digestSubject: (brandName: string, day: string, count: number) =>
      `【${brandName}】${day} 订阅日报：${count} 条新信息`,
    pushTitle: (count: number) => `您订阅的信息有 ${count} 条更新`,
  },
  /** `tender-server sms-settings` (src/auth/sms-settings-command.ts): operators read these. */
  smsSettingsCli: {
    usage: (purposes: readonly string[]) =>
      [
        '用法：',
        '  tender-server sms-settings show [--brand 品牌] [--provider aliyun|tencent]',
        '  tender-server sms-settings set  --brand 品牌 --provider aliyun|tencent [--sign-name 签名]',
        '                                  [--template 用途=模板ID …（模板ID留空则删除）] [--template-param 变量名]',
        `用途：${purposes.join('、')}`,
      ].join('\n'),
    unknownSubcommand: (name: string) => `未知子命令 "${name}"`,
    missingOption: (option: string) => `缺少 ${option}`,
    badProvider: (value: string) => `--provider 只能是 aliyun 或 tencent，当前为 "${value}"`,
    noSuchBrand: (brand: string) => `没有品牌 "${brand}"`,
    badSignName: (value: string) => `--sign-name 应为 2–20 个字的已审核签名，当前为 "${value}"`,
    badTemplateOption: (value: string) =>
      `--template 应为 用途=模板ID，如 login=SMS_123456789，当前为 "${value}"`,
    badPurpose: (purpose: string, purposes: readonly string[]) =>
      `--template 的用途 "${purpose}" 不存在，可选：${purposes.join('、')}`,
    badTemplateId: (provider: string, value: string) =>
      provider === 'aliyun'
        ? `阿里云的模板ID形如 SMS_123456789，当前为 "${value}"`
        : `腾讯云的模板ID为数字，如 1234567，当前为 "${value}"`,
    badTemplateParam: (value: string) =>
      `--template-param 应为字母、数字或下划线组成的变量名，当前为 "${value}"`,
    signNameFirst: '首次设置该品牌的短信时须提供 --sign-name',
    none: '没有短信设置：请用 tender-server sms-settings set 设置各品牌的签名与模板',
    saved: (brand: string, provider: string) => `已保存品牌 ${brand} 的 ${provider} 短信设置：`,
    heading: (brand: string, provider: string, signName: string, param: string) =>
      `${brand}  ${provider}  签名：${signName}  验证码变量：${param}`,
    template: (purpose: string, id: string) => `  ${purpose} → ${id}`,
    noTemplate: (purpose: string) => `  ${purpose} → 未设置（此用途的验证码会发送失败）`,
  },
  /** Personal information (PIPL): consent before a code, the data copy, the account's cancellation. */
  personalInformation: {
    consentRequired:
      '请先阅读并同意《隐私政策》后再获取验证码（未收到您对当前版本隐私政策的同意，可能是页面已过期，请刷新页面后重新勾选）',
    primaryWithSubAccounts: (count: number) =>
      `您是企业主账号，企业下还有 ${count} 个子账号，暂不能注销。请先在企业管理中移除全部子账号，再注销账号。`,
    cancelledUserName: '已注销用户',
    cancelledEnterpriseName: '已注销账号的企业',
  },
  /** 即将到期 (src/renewal). */
  renewal: {
    notSubscribed: '尚未订阅即将到期的合同',
    /** A robot message's line for a renewal match. */
    typeName: '即将到期',
    pushLine: (title: string, predictedEndDate: string) => `${title}（预计 ${predictedEndDate} 到期）`,
  },
} as const;
