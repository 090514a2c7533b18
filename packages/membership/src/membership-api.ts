import type { EndpointFunctions } from '@tender/api-client';

/**
 * The endpoint functions the membership screens call: `createEndpointFunctions(client)` of @tender/api-client
 * fits as it is. Tests and stories may pass their own implementation of the same shape.
 */
export type MembershipApi = Pick<
  EndpointFunctions,
  | 'activityDetail'
  | 'joinActivity'
  | 'memberTypeList'
  | 'memberPrivilegeList'
  | 'memberProductInfo'
  | 'purchaseAuth'
  | 'createOrder'
  | 'orderQrcode'
  | 'orderStatus'
  | 'findOrder'
  | 'listMemberUpgrade'
  | 'myCouponList'
  | 'buyPoint'
>;

/** The comparison table as the server words it (`memberPrivilegeList`): the levels and their rows. */
export type PrivilegeTable = Awaited<ReturnType<MembershipApi['memberPrivilegeList']>>;
