/**
 * Every Chinese user-facing string of `@tender/domain`, in one place (docs/architecture.md §7).
 *
 * Texts the spec writes in Chinese are copied exactly; texts the spec only paraphrases in English are
 * marked "paraphrased" and written as polite product Chinese.
 */
export const messages = {
  area: {
    /** spec §2 服务期明细, §3 Area tree: the whole-country choice and default purchase area. */
    wholeCountry: '全国',
  },
  coupon: {
    /** spec §2 Coupon dialog: threshold when orderFee is 0. */
    noThreshold: '无门槛',
    /** spec §2 Coupon dialog: '满{orderFee}元减{faceValue}'. */
    threshold: (orderFee: string, faceValue: string) => `满${orderFee}元减${faceValue}`,
    /** spec §2 Coupon dialog: status 1. */
    statusUnused: '待使用',
    /** spec §2 Coupon dialog: the button beside an unused coupon. */
    actionUse: '去使用',
    /** spec §2 Coupon dialog: any status other than 1. */
    statusExpired: '已过期',
    /** spec §2 Coupon dialog: valid-until year above 2100. */
    noExpiry: '无期限',
    /** spec §2 Coupon dialog: empty state. */
    empty: '暂无优惠券',
  },
  pagination: {
    /** spec §2 Pagination: '共找到 N 条数据'. */
    foundCount: (total: string) => `共找到 ${total} 条数据`,
    jumpTo: '跳转到',
    page: '页',
    confirm: '确定',
    previousPage: '上一页',
    nextPage: '下一页',
    /** spec §2 Pagination (paraphrased): at page 50 with the default limit, at most 50 pages can be viewed. */
    maxPagesReached: (maxPages: number) => `最多只能查看前${maxPages}页数据`,
    /** spec §2 Pagination (paraphrased): on the last allowed page, the most that can be viewed is N items. */
    maxItemsReached: (maxItems: number) => `最多可查看${maxItems}条数据`,
    /** spec §2 Pagination (paraphrased): appended when the brand has a contact phone. */
    contactForMore: (phone: string) => `，如需查看更多数据，请联系客服：${phone}`,
  },
  http: {
    /** spec §8 Response codes: the one-time dialog on code 4011. */
    loggedInElsewhere: '您的账号已在其他设备登录，请重新登录',
    /** spec §8 HTTP errors: time-out notification. */
    requestTimeout: '网络请求超时',
    /** spec §8 HTTP errors: status 404. */
    pageException: '出现异常，请尝试重新刷新页面',
    /** spec §8 Response codes / HTTP errors: status or code 500. */
    serverError: '服务器出错',
    /** spec §8 HTTP errors: status 504. */
    gatewayTimeout: '接口请求超时',
    /** spec §8 HTTP errors: status 499. */
    clientClosedRequest: '客户端断开连接',
    /** spec §8: fallback when the server gives no message. */
    operationFailed: '操作失败',
    /** spec §8 HTTP errors: network error with a response. */
    serverErrorTryLater: '服务器出错，请稍后再试试！',
    /** spec §8 HTTP errors: network error without a response. */
    networkError: '网络异常，请检查网络连接是否正常！',
  },
  permission: {
    /** spec §8 Permission dialog messages (paraphrased): the member dialog. */
    member: '您的会员权限不足！升级会员即可解锁该功能',
    /** ours (issue 33): the member dialog when the server names the lowest level that opens the feature. */
    memberNeedsLevel: (levelName: string) => `您的会员权限不足！开通${levelName}及以上会员即可解锁该功能`,
    /** ours (issue 33): the usedUp dialog's second line, the quota and when it comes back (00:00 China time). */
    usedUpLimitFreeTrial: (limit: number) => `每日可免费查看 ${limit} 条，次日 0 点恢复`,
    usedUpLimitMember: (limit: number) => `每日可查看 ${limit} 条，次日 0 点恢复`,
    usedUpLimitDownload: (limit: number) => `每日可下载 ${limit} 次，次日 0 点恢复`,
    /** spec §8 (paraphrased): the exportPermission dialog. */
    exportPermission: '您暂无导出数据的权限，升级会员即可导出',
    /** spec §8 (paraphrased): the pcUse dialog. */
    pcUse: '您当前的会员暂无PC端使用权限！',
    /** spec §8 (paraphrased): the unPay dialog. */
    unPay: '暂不支持在线开通会员',
    /** spec §8 (paraphrased): the usedUp dialog, download variant. */
    usedUpDownload: '您今日的公告下载次数已达上限，请明日再下载',
    /** spec §8 (paraphrased): the usedUp dialog for members. */
    usedUpMember: '您今日的查看次数已用完',
    /** spec §8 (paraphrased): the usedUp dialog for non-members (free trial). */
    usedUpFreeTrial: '您的免费试用次数已用完！',
    /** spec §8 (paraphrased): the noData dialog. */
    noData: '根据您的筛选条件未匹配到数据，请重新设置条件',
    /** spec §8 (paraphrased): 'Your member region is X; this information is in Y, you have not opened it…'. */
    singleProvice: (memberProvince: string, province: string) =>
      `您的会员地区为${memberProvince}，该信息属于${province}，您未开通，无法查看`,
  },
  table: {
    /** spec §2 Shared screen parts: placeholder for empty cells. */
    emptyCell: '-',
  },
} as const;
