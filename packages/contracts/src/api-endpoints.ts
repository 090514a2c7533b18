import type { EndpointDefinition } from './endpoint';
import {
  approvalStageEndpoint,
  customerMobileEndpoint,
  dictDetailEndpoint,
  documentTypeEndpoint,
  industryListEndpoint,
  selAreaEndpoint,
  selDictDetailEndpoint,
  selThreeLevelAreaEndpoint,
} from './endpoints/catalog';
import {
  enterpriseAccountListEndpoint,
  enterpriseAccountRemoveEndpoint,
  enterpriseAccountUpdateEndpoint,
  enterpriseAllowJoinEndpoint,
  enterpriseInviteQrcodeEndpoint,
  enterpriseJoinEndpoint,
  getSubAccountEndpoint,
} from './endpoints/enterprise';
import {
  awakenEndpoint,
  checkQrcodeEndpoint,
  frozenAccountEndpoint,
  getQrcodeEndpoint,
  logoutEndpoint,
  messageLoginEndpoint,
  sendMessageCodeEndpoint,
} from './endpoints/login';
import {
  jumpPermissionEndpoint,
  listMemberUpgradeEndpoint,
  memberListEndpoint,
  memberPrivilegeListEndpoint,
  memberTypeListEndpoint,
} from './endpoints/membership';
import { listMenuEndpoint } from './endpoints/menus';
import {
  authGetProjectMonitorPermissionEndpoint,
  designedCountSeeAuthEndpoint,
  downloadAnnouncementAuthEndpoint,
  downloadAttachmentsAuthEndpoint,
  getDetailLinkPermissionEndpoint,
  getPermissionNumEndpoint,
  getProjectMonitorPermissionEndpoint,
  improveInformationAuthEndpoint,
  pcLoginAuthEndpoint,
  preProjectDetailAuthEndpoint,
  shenPiProjectAuthEndpoint,
  toubiaoPredictAuthEndpoint,
} from './endpoints/permissions';
import {
  checkPerfectInfoEndpoint,
  getOrInitPreferenceEndpoint,
  isFirstConcernEndpoint,
  perfectEndpoint,
  updatePhoneEndpoint,
  updatePreferenceEndpoint,
  updateUserEndpoint,
  uploadAvatarEndpoint,
  userCenterEndpoint,
  userDetailEndpoint,
} from './endpoints/user';

/**
 * Every endpoint under /webchat, in the order docs/api.md lists them. A test proves the server serves each one and
 * that docs/api.md is generated from this list.
 */
export const API_ENDPOINTS: readonly EndpointDefinition[] = [
  // Catalog (spec §7 Common): areas, dictionaries, industries, announcement types, approval stages, contacts
  selAreaEndpoint,
  selThreeLevelAreaEndpoint,
  selDictDetailEndpoint,
  dictDetailEndpoint,
  industryListEndpoint,
  documentTypeEndpoint,
  approvalStageEndpoint,
  customerMobileEndpoint,
  // Login (spec §7 Login)
  sendMessageCodeEndpoint,
  messageLoginEndpoint,
  logoutEndpoint,
  frozenAccountEndpoint,
  awakenEndpoint,
  getQrcodeEndpoint,
  checkQrcodeEndpoint,
  // User and account (spec §7 User and account)
  userCenterEndpoint,
  userDetailEndpoint,
  updateUserEndpoint,
  updatePhoneEndpoint,
  checkPerfectInfoEndpoint,
  perfectEndpoint,
  uploadAvatarEndpoint,
  getOrInitPreferenceEndpoint,
  updatePreferenceEndpoint,
  isFirstConcernEndpoint,
  // Enterprise accounts (spec §2 Account management, §7 User and account)
  getSubAccountEndpoint,
  enterpriseAccountListEndpoint,
  enterpriseAccountRemoveEndpoint,
  enterpriseAllowJoinEndpoint,
  enterpriseInviteQrcodeEndpoint,
  enterpriseJoinEndpoint,
  enterpriseAccountUpdateEndpoint,
  // Menus (spec §2 route guard, §7 `userMenu/listMenu`)
  listMenuEndpoint,
  // Membership levels and service periods (spec §2 membership modal, 服务期明细; §7 Membership and orders)
  memberListEndpoint,
  memberTypeListEndpoint,
  memberPrivilegeListEndpoint,
  jumpPermissionEndpoint,
  listMemberUpgradeEndpoint,
  // Permission checks (spec §6 permission gates, §7 Permission checks); refusals: code 403, data.type = dialog
  pcLoginAuthEndpoint,
  preProjectDetailAuthEndpoint,
  designedCountSeeAuthEndpoint,
  shenPiProjectAuthEndpoint,
  improveInformationAuthEndpoint,
  getDetailLinkPermissionEndpoint,
  downloadAnnouncementAuthEndpoint,
  downloadAttachmentsAuthEndpoint,
  toubiaoPredictAuthEndpoint,
  getPermissionNumEndpoint,
  getProjectMonitorPermissionEndpoint,
  authGetProjectMonitorPermissionEndpoint,
];
