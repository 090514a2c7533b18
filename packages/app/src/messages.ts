/** Every user-facing string of @tender/app (architecture §2: one messages.ts per package). */
export const messages = {
  /** A screen area's call (src/shell/data-state.tsx): loading, refused by a gate, failed. */
  dataState: {
    loading: '正在加载…',
    failed: (reason: string) => `加载失败：${reason || '服务器出错'}。请检查网络后点击“重试”。`,
    retry: '重试',
    refused: (reason: string) => `${reason || '当前会员权益不支持此功能'}。可升级会员后再试。`,
    /** The brand does not offer the feature: no level would help. */
    featureHidden: (reason: string) => `${reason || '当前平台未开放该功能'}。`,
  },
  footer: {
    /** The user agreement, shown with book-title marks as on the login consent. */
    terms: (clauseName: string) => `《${clauseName}》`,
    privacy: '《隐私政策》',
    /** Tooltip on the ICP number, which links to the MIIT filing search. */
    caseNumberTitle: '工业和信息化部政务服务平台 ICP/IP 地址/域名信息备案管理系统',
    /** Tooltip on the 公安备案号, which links to the MPS filing search. */
    publicSecurityTitle: '全国互联网安全管理服务平台 公安机关互联网站安全管理服务平台 备案查询',
    telecomLicense: (number: string) => `增值电信业务经营许可证：${number}`,
  },
  login: {
    title: '欢迎登录',
    smsTab: '短信登录',
    qrTab: '扫码登录',
    mobile: '手机号',
    mobilePlaceholder: '请输入手机号',
    code: '验证码',
    codePlaceholder: '请输入验证码',
    sendCode: '获取验证码',
    resendIn: (seconds: number) => `${seconds} 秒后重新获取`,
    codeSent: '验证码已发送',
    remember: '记住我（30 天内自动登录）',
    consentPrefix: '我已阅读并同意',
    consentJoin: '和',
    consentRequired: '请先阅读并勾选同意用户服务协议和隐私政策',
    consentBeforeCode: '获取验证码前，请先阅读并勾选同意用户服务协议和隐私政策',
    mobileInvalid: '请输入正确的 11 位手机号',
    codeInvalid: '请输入 6 位数字验证码',
    submit: '登 录',
    qrHint: '请使用手机扫描二维码登录',
    qrConsentFirst: '请先阅读并同意用户协议和隐私政策',
    qrScanned: '已扫码，请在手机上确认登录',
    qrExpired: '二维码已过期',
    qrRefresh: '刷新二维码',
  },
  perfect: {
    title: '完善资料',
    hint: '首次登录请完善以下资料，即可使用全部功能',
    realUserName: '真实姓名',
    companyName: '公司名称',
    submit: '提 交',
  },
  errorPages: {
    notFound: '抱歉，您访问的页面不存在',
    unauthorized: '抱歉，您没有访问该页面的权限',
    backHome: '返回首页',
    /** The router's error page (a screen that failed to render). */
    renderFailed: '页面出错了',
    renderFailedHint: '页面显示时出现问题，请点击“重试”；仍不行请返回首页。',
    retry: '重试',
  },
  underConstruction: {
    notice: '该页面正在建设中，敬请期待',
  },
  layout: {
    /** spec §2: the level badge's tooltip. */
    memberTooltip: (memberName: string) => `当前为${memberName}`,
    /** The badge's tooltip for a member without a paid level (issue 33: not the bare 当前为未开通). */
    freeMemberTooltip: '当前为普通用户（未开通会员）',
    /** The user popover's button and its menu's name. */
    userMenu: (name: string) => `${name}的账号菜单`,
    renew: '续费升级',
    openMembership: '开通会员',
    expiry: (date: string) => `到期时间：${date}`,
    servicePeriod: '服务期明细',
    coupons: '优惠券',
    logout: '退出登录',
    /** spec §2: the logout confirmation. */
    logoutConfirm: '确定退出账号吗？',
    toggleSidebar: '展开/收起菜单',
    settings: '布局设置',
    customerService: '联系客服',
    customerServiceWeChat: '扫码添加客服微信',
  },
  tags: {
    /** The tags bar's accessible name. */
    label: '已打开的页面',
    refresh: '刷新',
    closeCurrent: '关闭当前',
    closeOthers: '关闭其他',
    close: '关闭',
  },
  settings: {
    title: '系统布局配置',
    theme: '主题色',
    tagsView: '显示页签栏',
    fixedHeader: '固定顶栏',
    sidebarLogo: '显示侧边栏标志',
    uniqueOpened: '菜单只展开一项',
  },
  tour: {
    skip: '跳过',
    next: '知道了',
    start: '立即体验',
  },
} as const;
