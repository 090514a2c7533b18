/** Every user-facing string of the monitoring screens (业主、对手、代理机构、项目监控). */
export const messages = {
  screens: {
    owner: '业主监控',
    rival: '对手监控',
    agent: '代理机构监控',
    project: '项目监控',
  },
  roles: {
    owner: '业主',
    rival: '对手',
    agent: '代理机构',
  },
  /** What a monitor of each kind watches for, under the title. */
  intro: {
    owner: '监控采购人、招标人：它们发布新的招标、采购信息时推送给您。',
    rival: '监控竞争对手：它们中标或入围候选人时推送给您。',
    agent: '监控代理机构：它们代理的新项目发布时推送给您。',
    project: '监控项目：同一项目有更正、结果等新信息时推送给您。',
  },
  usage: {
    companies: (used: number, limit: number) =>
      limit < 0 ? `已监控 ${used} 家企业（不限）` : `已监控 ${used}/${limit} 家企业（业主、对手、代理合计）`,
    projects: (used: number, limit: number) =>
      limit < 0 ? `已监控 ${used} 个项目（不限）` : `已监控 ${used}/${limit} 个项目`,
    none: '当前会员不能使用监控，升级会员即可监控企业和项目。',
    full: '监控数已达会员权益上限，可取消不再关注的监控或升级会员。',
    upgrade: '升级会员',
  },
  add: {
    companyTitle: (role: string) => `添加${role}`,
    companyKeyword: '企业名称',
    companyPlaceholder: '输入企业名称关键词（至少 2 个字）',
    projectTitle: '添加项目',
    projectKeyword: '项目名称',
    projectPlaceholder: '输入项目或公告标题中的词（至少 2 个字）',
    search: '搜 索',
    tooShort: '请至少输入 2 个字',
    results: '搜索结果',
    noCompanies: '没有找到名称包含该关键词的企业，请换个关键词试试。',
    noProjects: '没有找到标题包含该词的信息，请换个词试试。',
    monitor: '监控',
    monitorNamed: (name: string) => `监控 ${name}`,
    monitored: '已监控',
    added: (name: string) => `已开始监控“${name}”`,
    companyCounts: (purchaser: number, agency: number, winner: number) =>
      `采购 ${purchaser} 次 · 代理 ${agency} 次 · 中标 ${winner} 次`,
  },
  list: {
    companies: '监控的企业',
    projects: '监控的项目',
    since: (date: string) => `监控于 ${date}`,
    remove: '取消监控',
    removeNamed: (name: string) => `取消监控 ${name}`,
    confirmRemove: (name: string) => `确定取消监控“${name}”吗？已推送的信息仍保留。`,
    removed: '已取消监控',
    emptyCompanies: (role: string) =>
      `还没有监控${role}。在上方输入企业名称搜索，点击“监控”即可在它有新信息时收到推送。`,
    emptyProjects:
      '还没有监控项目。在上方搜索项目名称点击“监控”，或在公告详情页点击“监控项目”，同一项目有新信息时会推送给您。',
  },
  events: {
    title: '监控动态',
    empty: '暂无监控动态。被监控的企业或项目有新信息时，会出现在这里。',
  },
} as const;
