import { messages as domainMessages, WHOLE_COUNTRY } from '@tender/domain';

/**
 * Every Chinese user-facing string of @tender/ui-kit (architecture §2: one messages.ts per package). Texts the
 * spec writes in Chinese are copied exactly (spec §2 Shared screen parts, Pagination); the pagination and
 * empty-cell texts are the domain's own, so client and rules never drift. Texts the spec does not give are
 * marked "ours".
 */
export const messages = {
  displayMode: {
    /** ours: the group's accessible name. */
    label: '显示方式',
    /** ours: spec §3 displayMode 10. */
    list: '列表',
    /** ours: spec §3 displayMode 20. */
    table: '表格',
  },
  exportButton: {
    /** spec §2: the export-data button. */
    label: '一键导出项目',
  },
  dateField: {
    placeholder: '选择日期',
    clear: '清除日期',
    calendar: {
      monthLevelControl: '选择月份',
      yearLevelControl: '选择年份',
      nextMonth: '下个月',
      previousMonth: '上个月',
      nextYear: '下一年',
      previousYear: '上一年',
      nextDecade: '后十年',
      previousDecade: '前十年',
    },
  },
  pagination: {
    foundCount: domainMessages.pagination.foundCount,
    jumpTo: domainMessages.pagination.jumpTo,
    page: domainMessages.pagination.page,
    confirm: domainMessages.pagination.confirm,
    previousPage: domainMessages.pagination.previousPage,
    nextPage: domainMessages.pagination.nextPage,
    /** ours: a page button's accessible name. */
    pageButton: (page: number) => `第 ${page} 页`,
    /** ours: the pager's landmark name. */
    navigation: '分页',
  },
  helpTooltip: {
    /** ours: the help icon's accessible name. */
    label: '帮助说明',
  },
  confirmDialog: {
    /** spec §2: the default titles. */
    noticeTitle: '温馨提示',
    operationTitle: '操作提示',
    /** spec §2: the buttons, with the space the spec writes. */
    cancel: '取 消',
    confirm: '确 定',
  },
  toast: {
    /** spec §2: the toast's default text. */
    defaultMessage: '默认弹窗',
  },
  areaChooser: {
    /** ours: the membership-area chooser's title. */
    title: '选择会员地区',
    wholeCountry: WHOLE_COUNTRY,
    /** ours: the choice between 全国 and chosen provinces. */
    scope: '购买范围',
    someProvinces: '指定省份',
    /** ours: how many provinces are chosen. */
    chosenCount: (count: number) => `已选 ${count} 个省份`,
    /** ours: 指定省份 with none ticked yet (确 定 waits). */
    chooseOne: '请至少选择一个省份',
    /** ours: shown when the member type's area cannot be edited (spec §5: whole country only). */
    wholeCountryOnly: '该会员类型仅支持全国',
  },
  loading: {
    /** ours: the spinner's accessible name when no text is given. */
    label: '加载中',
  },
  pageTable: {
    emptyCell: domainMessages.table.emptyCell,
    /** ours: the empty state. */
    empty: '暂无数据',
    /** ours: a sortable header's accessible description. */
    sortAscending: '升序',
    sortDescending: '降序',
    sortNone: '未排序',
  },
  dialog: {
    /** ours: the accessible name of every modal's and drawer's close button (issue 33). */
    close: '关闭',
  },
} as const;
