import { messages as domainMessages } from '@tender/domain';

/**
 * Every Chinese user-facing string of @tender/permission-dialogs (architecture §2: one messages.ts per package).
 * The dialogs' main texts are the domain's (`permissionDialogMessage`, spec §8), shared with the server's refusal
 * message. Where the spec gives only an English gloss (spec §2 Permission dialog types, §4), the text is ours,
 * written as natural product Chinese and marked "ours".
 */
export const messages = {
  /** ours: every permission dialog's title. */
  title: '温馨提示',
  buttons: {
    /** spec §2 'know' (usedUp for members, noData). */
    know: '知道了',
    /** spec §2 'upgrade membership' (member, pcUse). */
    upgrade: '升级会员',
    /**
     * spec §2 usedUp's 'upgrade membership' for a non-member, who has no membership to upgrade: 开通会员, as the
     * user popover words it for them (spec §2 Global layout).
     */
    openMembership: '开通会员',
    /** spec §2 'upgrade now' (exportPermission). */
    upgradeNow: '立即升级',
    /** spec §2 'open more regions' (singleProvice). */
    moreRegions: '开通更多地区',
    /** spec §2 pcUse: the logout button. */
    logout: '退出登录',
  },
  /** spec §2 exportPermission: the line under the main text (ours). */
  upgradeHint: {
    exportPermission: '升级会员即可获得数据导出权限',
  },
  singleProvice: {
    /** ours: the two provinces shown above the sentence. */
    memberProvince: '会员地区',
    province: '信息所在地区',
  },
  unPay: {
    /**
     * spec §2 unPay and spec §8: 'online membership purchase is unsupported' with the fallback of the
     * shenjims_pay_content dictionary ('contact the local business manager'), in the words.
     */
    fallbackSentence: `${domainMessages.permission.unPay}，请联系当地商务经理为您开通。`,
    /** ours: under the customer-service QR code of the brand (contact `qrcode`). */
    qrCaption: '微信扫码联系客服',
    /** ours: the customer-service QR image's accessible name. */
    qrAlt: '客服二维码',
  },
  pcUse: {
    /** spec §4 'Are you sure to log out?' in Chinese, asked before the pcUse dialog logs out. */
    logoutConfirm: '确定退出登录吗？',
    /** ours: under the official account's QR code. */
    qrCaption: '微信扫码关注公众号，随时随地查看招标信息',
    /** ours: the QR image's accessible name. */
    qrAlt: '公众号二维码',
  },
  /** ours: the support phone line of every dialog (spec §2 "shows the support phone"). */
  supportPhone: (phone: string) => `客服电话：${phone}`,
  /** spec §8: the one-time dialog on code 4011. */
  loggedInElsewhere: domainMessages.http.loggedInElsewhere,
} as const;
