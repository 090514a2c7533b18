/** Every user-facing string of 我的浏览历史 and 我的关注. */
export const messages = {
  browsing: {
    title: '我的浏览历史',
    list: '浏览记录',
    empty: '暂无浏览记录',
    emptyHint: '打开公告或项目的详情后，会记录在这里。可以去“招投标信息”查询感兴趣的信息。',
    browsedAt: (time: string, views: number) =>
      views > 1 ? `浏览于 ${time}（当天 ${views} 次）` : `浏览于 ${time}`,
    remove: '删除',
    removeNamed: (title: string) => `删除浏览记录：${title}`,
    confirmRemove: '确定删除这条浏览记录吗？',
    clear: '清空浏览历史',
    confirmClear: '确定清空全部浏览历史吗？清空后无法恢复。',
    removed: '已删除',
  },
  focus: {
    title: '我的关注',
    list: '关注列表',
    empty: '暂无关注',
    emptyHint: '在公告或项目的详情中点击“关注”，即可在这里查看。',
    collectedAt: (time: string) => `关注于 ${time}`,
    unfollow: '取消关注',
    unfollowNamed: (title: string) => `取消关注：${title}`,
    confirmUnfollow: '确定取消关注这条信息吗？',
  },
  types: {
    label: '信息类型',
    all: '全部',
    count: (name: string, count: number) => `${name}（${count}）`,
  },
  item: {
    region: '地区',
    amount: '金额',
    purchaser: '采购单位',
    publishDate: '发布日期',
  },
  toSearch: '去查询信息',
} as const;
