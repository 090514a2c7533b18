/** Every user-facing string of @tender/app (architecture §2: one messages.ts per package). */
export const messages = {
  startPage: {
    comingSoon: '平台正在建设中，敬请期待',
  },
  footer: {
    /** The user agreement, shown with book-title marks as on the login consent. */
    terms: (clauseName: string) => `《${clauseName}》`,
    privacy: '《隐私政策》',
    /** Tooltip on the ICP number, which links to the MIIT filing search. */
    caseNumberTitle: '工业和信息化部政务服务平台 ICP/IP 地址/域名信息备案管理系统',
  },
} as const;
