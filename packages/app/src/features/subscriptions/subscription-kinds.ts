import type { SUBSCRIPTION_TYPES, SubscriptionKind } from '@tender/contracts';

export type SubscriptionFeed = 'bidding' | 'upfront';
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

/** The kinds of group each subscription screen manages (contracts: the upfront feed is the project kind). */
export const FEED_KINDS: Readonly<Record<SubscriptionFeed, readonly SubscriptionKind[]>> = {
  bidding: ['tender', 'award', 'early'],
  upfront: ['project'],
};

/**
 * The types filter a group of each kind may choose (the server refuses the others): a tender group its
 * announcement types and the 招标公告 procurement methods, the others their announcement types.
 */
export const KIND_TYPES: Readonly<Record<SubscriptionKind, readonly SubscriptionType[]>> = {
  tender: ['zb', 'bg', 'gk', 'yq', 'tp', 'cs', 'dy', 'xj'],
  award: ['jg'],
  early: ['yg', 'yx'],
  project: ['nj', 'sp'],
};

/** spec §3 search type, the group's match scope: 10 full text, 20 title (the server's default), 30 purchase content. */
export const GROUP_SCOPES = [20, 10, 30] as const;
export type GroupScope = (typeof GROUP_SCOPES)[number];
