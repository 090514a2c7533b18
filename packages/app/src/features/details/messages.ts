/**
 * Every user-facing string of the detail screens (spec §2 /tender/index, /building/index, /approve/index,
 * /forecastDetail, 采购意向). The screens' titles are the layout routes'; the field names are the ones the notices
 * themselves use. Texts the spec does not give are ours.
 */
export const messages = {
  /** The screen areas (`role="region"`). */
  regions: {
    fields: '基本信息',
    project: '项目信息',
    results: '中标信息',
    contacts: '联系方式',
    body: '公告正文',
    timeline: '项目进程',
    stages: '审批流程',
    documents: '项目附件',
    actions: '操作',
  },
  fields: {
    projectName: '项目名称',
    projectCode: '项目编号',
    budget: '预算金额',
    award: '中标（成交）金额',
    purchaser: '采购人',
    builder: '建设单位',
    agency: '代理机构',
    publishDate: '发布日期',
    documentsPeriod: '获取文件时间',
    bidDeadline: '投标截止时间',
    openingTime: '开标时间',
    expectedPurchaseMonth: '预计采购时间',
    region: '所属地区',
    procurementMethod: '采购方式',
    noticeKind: '公告类型',
    industry: '所属行业',
    source: '信息来源',
    /** Between the start and the end of a period. */
    periodJoin: ' 至 ',
  },
  project: {
    stage: '项目阶段',
    approvalAuthority: '审批机关',
    approvalCode: '审批代码',
    documentNumber: '批准文号',
    approvalResult: '审批结果',
    approvalDate: '审批日期',
    totalInvestment: '总投资',
    constructionSite: '建设地点',
    constructionScale: '建设规模',
    plannedStart: '计划开工日期',
    plannedEnd: '计划竣工日期',
  },
  results: {
    lot: '标段（包）',
    role: '类型',
    company: '单位名称',
    amount: '金额',
    rank: (rank: number) => `第${rank}名`,
    /** A lot the notice does not name (one lot only). */
    singleLot: '—',
  },
  contacts: {
    company: '单位名称',
    role: '角色',
    name: '联系人',
    phone: '联系电话',
    address: '地址',
    none: '该信息未提供联系方式',
    /** Announcements: contacts are shown to paid levels (server, details README). */
    maskedForMember: '联系方式已隐藏，开通会员后可查看完整联系方式',
    /** 拟建/审批: contacts are unlocked per item with watchDesignedProjectConnector. */
    maskedForProject: '联系方式已隐藏，查看联系方式将消耗一次“拟建项目联系方式”次数',
    openMembership: '开通会员',
    unlock: '查看联系方式',
  },
  body: {
    empty: '该信息暂无正文',
  },
  timeline: {
    current: '（当前）',
    empty: '暂无同一项目的其他信息',
  },
  stages: {
    current: '（当前）',
  },
  actions: {
    close: '关闭',
    follow: '关注',
    unfollow: '取消关注',
    followed: '已关注该信息，可在“我的关注”中查看',
    unfollowed: '已取消关注',
    monitor: '监控项目',
    unmonitor: '取消监控',
    monitored: '已监控该项目，后续更正、结果等信息将推送到您的订阅',
    unmonitored: '已取消监控该项目',
    /** Projects monitored so far and the level's total. */
    monitorUsage: (used: number, limit: number) =>
      limit < 0 ? `已监控 ${used} 个项目（不限）` : `已监控 ${used}/${limit} 个项目`,
    sourceLink: '查看原文',
    sourceLinkLabel: '原文链接',
    noSourceLink: '该信息暂无原文链接',
    download: '下载公告',
    downloaded: (fileName: string) => `已下载：${fileName}`,
    documents: '查看附件',
    noDocuments: '该项目暂无附件',
    downloadDocument: '下载',
    documentsColumns: { title: '文件', type: '类型', date: '发布日期', action: '操作' },
  },
  states: {
    loading: '正在加载详情…',
    notFound: '该信息不存在或已删除',
    notFoundHint: '请返回列表查看其他信息',
    missingId: '链接缺少信息编号，请从列表重新打开',
    failed: '详情加载失败，请检查网络后重试',
    retry: '重新加载',
    /** Under the permission dialog of a refused view (the dialog says why and what to do). */
    refused: '暂无权限查看该信息',
    back: '返回',
  },
} as const;
