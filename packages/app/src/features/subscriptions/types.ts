import type {
  EndpointRequest,
  EndpointResponse,
  feedListEndpoint,
  monitorKeywordVerifyEndpoint,
  subscriptionGroupListEndpoint,
  subscriptionGroupSaveEndpoint,
} from '@tender/contracts';

export type SubscriptionGroup = EndpointResponse<typeof subscriptionGroupSaveEndpoint>;
export type SubscriptionGroupInput = EndpointRequest<typeof subscriptionGroupSaveEndpoint>;
export type SubscriptionLimit = EndpointResponse<typeof subscriptionGroupListEndpoint>['limits'][number];
export type FeedPage = EndpointResponse<typeof feedListEndpoint>;
export type FeedRecord = FeedPage['records'][number];
export type FeedQuery = EndpointRequest<typeof feedListEndpoint>;
export type KeywordCheck = EndpointResponse<typeof monitorKeywordVerifyEndpoint>;
