import type { DocumentType } from '@tender/contracts';

/**
 * The announcement types the platform publishes (docs/architecture.md §1), with the codes that are the
 * `docchnnel` values of search and subscriptions. The codes are part of the API: never renumber or reuse one;
 * add new ones instead. `bidding` types are followed by the bidding subscription (招标订阅), `upfront` types by
 * the upfront one (前期项目订阅, spec §2 /subscribe/upfront). Listed in the order the client shows them.
 */
export const DOCUMENT_TYPES: readonly DocumentType[] = [
  {
    code: 'zb',
    name: '招标公告',
    group: 'bidding',
    // The procurement methods of the Government Procurement Law art. 26 and the Tendering and Bidding Law.
    children: [
      { code: 'gk', name: '公开招标' },
      { code: 'yq', name: '邀请招标' },
      { code: 'tp', name: '竞争性谈判' },
      { code: 'cs', name: '竞争性磋商' },
      { code: 'dy', name: '单一来源' },
      { code: 'xj', name: '询价' },
    ],
  },
  { code: 'bg', name: '更正/变更/终止公告', group: 'bidding', children: [] },
  { code: 'jg', name: '中标/成交结果', group: 'bidding', children: [] },
  { code: 'yg', name: '招标预告/商机', group: 'upfront', children: [] },
  { code: 'yx', name: '采购意向', group: 'upfront', children: [] },
  { code: 'nj', name: '拟建项目', group: 'upfront', children: [] },
  { code: 'sp', name: '审批项目', group: 'upfront', children: [] },
];
