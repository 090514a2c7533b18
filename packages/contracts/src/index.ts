export type {
  EndpointAccess,
  EndpointDefinition,
  EndpointError,
  EndpointRequest,
  EndpointResponse,
} from './endpoint';
export { defineEndpoint } from './endpoint';
export type { MarketAnalysis } from './endpoints/analysis';
export {
  accountUsageSchema,
  dashboardEndpoint,
  dataStatisticsEndpoint,
  getEmailForExportAnalysisProjectEndpoint,
  judgeProjectAnalysisEndpoint,
  marketAnalysisEndpoint,
  marketAnalysisSchema,
  marketBucketSchema,
  marketCompanySchema,
  marketFilterSchema,
  PROJECT_ANALYSIS_DOCKING_PRICE_FEN,
  predictedBidderSchema,
  predictionEvidenceSchema,
  projectAnalysisDockingSubmitOrderEndpoint,
  projectAnalysisExportEndpoint,
  projectAnalysisViewEndpoint,
  showDockingPriceEndpoint,
  toubiaoForecastListEndpoint,
  toubiaoListEndpoint,
} from './endpoints/analysis';
export type { ApiKey, WebhookDelivery } from './endpoints/api-keys';
export {
  API_KEYS_PER_MEMBER,
  apiKeyCreateEndpoint,
  apiKeyDeliveriesEndpoint,
  apiKeyIdSchema,
  apiKeyListEndpoint,
  apiKeyRevokeEndpoint,
  apiKeySchema,
  apiKeyWebhookEndpoint,
  memberWebhookUrlSchema,
  webhookDeliverySchema,
} from './endpoints/api-keys';
export type {
  ApprovalStage,
  CustomerContact,
  DictionaryTreeEntry,
  DocumentType,
  IndustrySection,
  ProvinceArea,
  SelAreaCity,
  SelAreaEntry,
} from './endpoints/catalog';
export {
  approvalPhaseSchema,
  approvalStageEndpoint,
  approvalStageSchema,
  areaClassifySchema,
  customerContactSchema,
  customerMobileEndpoint,
  dictDetailEndpoint,
  dictionaryTreeEntrySchema,
  dictNamesSchema,
  documentTypeEndpoint,
  documentTypeGroupSchema,
  documentTypeSchema,
  industryListEndpoint,
  industrySectionSchema,
  provinceAreaSchema,
  selAreaCitySchema,
  selAreaEndpoint,
  selAreaEntriesSchema,
  selAreaEntrySchema,
  selDictDetailEndpoint,
  selThreeLevelAreaEndpoint,
} from './endpoints/catalog';
export type { CompanyProfile, CompanySummary } from './endpoints/companies';
export {
  atlasEdgeSchema,
  atlasNodeSchema,
  clickEnterpriseNameEndpoint,
  companyAtlasEndpoint,
  companyDetailEndpoint,
  companyHistoryEndpoint,
  companyHistoryItemSchema,
  companyIdSchema,
  companyPartnersEndpoint,
  companyPhoneBookEndpoint,
  companyProfileSchema,
  companyRoleCountsSchema,
  companyRoleSchema,
  companySearchEndpoint,
  companySummarySchema,
  countedCodeSchema,
  historyPointSchema,
  phoneBookEntrySchema,
  relatedCompanySchema,
} from './endpoints/companies';
export type { ActivityDetail, Coupon } from './endpoints/coupons';
export {
  activityCouponSchema,
  activityDetailEndpoint,
  activityDetailSchema,
  COUPON_WIRE_STATUS,
  couponSchema,
  joinActivityEndpoint,
  myCouponListEndpoint,
} from './endpoints/coupons';
export type {
  AmountView,
  DetailParty,
  ItemDetail,
  ItemType,
  MedicalDevice,
  ProjectDocument,
  ProjectFacts,
  TimelineEntry,
} from './endpoints/details';
export {
  amountViewSchema,
  detailItemIdSchema,
  detailPartySchema,
  downloadDocumentEndpoint,
  getDetailLinkEndpoint,
  getProjectDocumentsEndpoint,
  ITEM_TYPES,
  isFirstTimeDownloadAnnouncementEndpoint,
  itemDetailSchema,
  itemQrcodeEndpoint,
  itemTypeSchema,
  medicalDeviceSchema,
  projectDocumentSchema,
  projectFactsSchema,
  selDesignedInfoEndpoint,
  selMedicalDetailsEndpoint,
  selZhaobiaoDetailsEndpoint,
  selZhongbiaoDetailsEndpoint,
  timelineEntrySchema,
} from './endpoints/details';
export type {
  EnterpriseRelation,
  EnterpriseSummary,
  SubAccount,
} from './endpoints/enterprise';
export {
  ENTERPRISE_INVITE_TTL_SECONDS,
  enterpriseAccountListEndpoint,
  enterpriseAccountRemoveEndpoint,
  enterpriseAccountUpdateEndpoint,
  enterpriseAllowJoinEndpoint,
  enterpriseInviteQrcodeEndpoint,
  enterpriseJoinEndpoint,
  enterpriseRelationSchema,
  enterpriseSummarySchema,
  getSubAccountEndpoint,
  subAccountSchema,
} from './endpoints/enterprise';
export { type ServiceEnvironment, serviceEnvironmentEndpoint } from './endpoints/environment';
export type { ExportConditions, ExportRecord } from './endpoints/export';
export {
  dataExportOrderEndpoint,
  dataExportOrderInitEndpoint,
  EXPORT_ROW_CAP,
  exportConditionsSchema,
  exportFileEndpoint,
  exportPreviewSchema,
  exportRecordListEndpoint,
  exportRecordSchema,
  getLastExportConditionEndpoint,
  getNowNumStatusEndpoint,
  getWordNumEndpoint,
} from './endpoints/export';
export { healthEndpoint } from './endpoints/health';
export type { CollectMapEntry } from './endpoints/history';
export {
  addCollectionEndpoint,
  BROWSE_COLLECTION_ACTIONS,
  browseHistoryListEndpoint,
  collectionListEndpoint,
  collectMapEndpoint,
  collectMapEntrySchema,
  delBrowseHistoryEndpoint,
  delCollectionEndpoint,
  itemSummarySchema,
  saveBrowseCollectionEndpoint,
  typeCountSchema,
} from './endpoints/history';
export type { LoginResult, QrSignInMode, SmsPurpose } from './endpoints/login';
export {
  awakenEndpoint,
  CONSENT_REQUIRED_FIELD,
  checkQrcodeEndpoint,
  consentVersionSchema,
  frozenAccountEndpoint,
  getQrcodeEndpoint,
  loginResultSchema,
  logoutEndpoint,
  messageLoginEndpoint,
  QR_SIGN_IN_MODES,
  QR_TICKET_TTL_SECONDS,
  qrcodeModeEndpoint,
  SMS_PURPOSES,
  sendIdentifycodeEndpoint,
  sendMessageCodeEndpoint,
} from './endpoints/login';
export type { MemberLevel, MembershipRow, MemberType, PrivilegeRow } from './endpoints/membership';
export {
  jumpPermissionEndpoint,
  listMemberUpgradeEndpoint,
  memberLevelSchema,
  memberListEndpoint,
  memberPrivilegeListEndpoint,
  membershipRowSchema,
  memberTypeListEndpoint,
  memberTypeSchema,
  privilegeRowSchema,
} from './endpoints/membership';
export type { MenuItem } from './endpoints/menus';
export { listMenuEndpoint, MENU_GROUP_COMPONENT, menuItemSchema } from './endpoints/menus';
export {
  allMonitorEndpoint,
  COMPANY_MONITOR_ROLES,
  companyMonitorDeleteEndpoint,
  companyMonitorListEndpoint,
  companyMonitorSaveEndpoint,
  getDocumentIsMonitorEndpoint,
  projectMonitorListEndpoint,
  saveOrUpdateProjectMonitorEndpoint,
} from './endpoints/monitoring';
export type { MemberInfo, Order, ProductOption, TradeStatus } from './endpoints/orders';
export {
  buyPointEndpoint,
  createOrderEndpoint,
  findOrderEndpoint,
  memberInfoSchema,
  memberProductInfoEndpoint,
  myOrdersEndpoint,
  ORDER_STATUS,
  orderQrcodeEndpoint,
  orderSchema,
  orderStatusEndpoint,
  payAreasSchema,
  paymentQrSchema,
  payPrepayEndpoint,
  productOptionSchema,
  purchaseAuthEndpoint,
  submitOrderEndpoint,
  TRADE_STATUSES,
  toOpenMemberEndpoint,
} from './endpoints/orders';
export type { BrandFeature, GatePass, GateRefusal } from './endpoints/permissions';
export {
  authGetProjectMonitorPermissionEndpoint,
  BRAND_FEATURES,
  designedCountSeeAuthEndpoint,
  downloadAnnouncementAuthEndpoint,
  downloadAttachmentsAuthEndpoint,
  gatePassSchema,
  gateRefusalSchema,
  getDetailLinkPermissionEndpoint,
  getPermissionNumEndpoint,
  getProjectMonitorPermissionEndpoint,
  improveInformationAuthEndpoint,
  paidMemberCodeSchema,
  pcLoginAuthEndpoint,
  preProjectDetailAuthEndpoint,
  privilegeKeySchema,
  shenPiProjectAuthEndpoint,
  toubiaoPredictAuthEndpoint,
} from './endpoints/permissions';
export type { PersonalData, PersonalDataSection } from './endpoints/personal-data';
export {
  cancelAccountEndpoint,
  personalDataEndpoint,
  personalDataSectionSchema,
} from './endpoints/personal-data';
export type {
  ApprovalRecord,
  DesignedRecord,
  SearchAllTabCode,
  SearchRecord,
  SearchResultPage,
} from './endpoints/search';
export {
  approvalRecordSchema,
  approvalStageStepSchema,
  dateRangeOptionSchema,
  desginedSearchHistoryListEndpoint,
  desginedSearchListEndpoint,
  designedRecordSchema,
  docchnnelOptionSchema,
  getHostSearchWordEndpoint,
  getSearchAllConditionEndpoint,
  getSearchAllTabConditionEndpoint,
  getSearchConditionEndpoint,
  SEARCH_ALL_TABS,
  SEARCH_TOTAL_CAP,
  searchAllListEndpoint,
  searchHistoryClearEndpoint,
  searchHistoryEntrySchema,
  searchHistoryListEndpoint,
  searchListEndpoint,
  searchRecordSchema,
  searchResultPageSchema,
  searchTabCountSchema,
  searchWinnerSchema,
  searchWordListEndpoint,
  searchWordSchema,
  spxmDetailEndpoint,
  spxmGetPageEndpoint,
  spxmHistoryWordEndpoint,
  spxmSearchRecordEndpoint,
} from './endpoints/search';
export type { SubscriptionKind } from './endpoints/subscriptions';
export {
  FEEDS,
  feedCountEndpoint,
  feedListEndpoint,
  feedReadEndpoint,
  isRobotWebhookUrl,
  monitorKeywordVerifyEndpoint,
  monitorRecommendKeywordEndpoint,
  monitorThinkWordListEndpoint,
  pushSettingGetEndpoint,
  pushSettingSaveEndpoint,
  ROBOT_WEBHOOK_HOSTS,
  SUBSCRIPTION_KINDS,
  SUBSCRIPTION_TYPES,
  subscriptionGroupDeleteEndpoint,
  subscriptionGroupListEndpoint,
  subscriptionGroupSaveEndpoint,
  WEBHOOK_KINDS,
} from './endpoints/subscriptions';
export type { UploadedFile, User } from './endpoints/user';
export {
  AVATAR_MAX_BYTES,
  checkPerfectInfoEndpoint,
  displayModeSchema,
  flagSchema,
  getOrInitPreferenceEndpoint,
  isFirstConcernEndpoint,
  mobileSchema,
  perfectEndpoint,
  smsCodeSchema,
  updatePhoneEndpoint,
  updatePreferenceEndpoint,
  updateUserEndpoint,
  uploadAvatarEndpoint,
  userCenterEndpoint,
  userDetailEndpoint,
  userSchema,
} from './endpoints/user';
export type { Envelope } from './envelope';
export { envelopeSchema } from './envelope';
export type { GlobalParams } from './global-params';
export { globalParamsSchema } from './global-params';
export { memberCodeSchema } from './member-codes';
export type { MemberPrivileges, PrivilegeKey } from './privileges';
export { memberPrivilegesSchema, PRIVILEGE_KEYS, privilegeValueSchema } from './privileges';
