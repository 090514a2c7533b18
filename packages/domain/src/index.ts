// Public API of @tender/domain: pure business rules shared by client and server. Curated; no `export *`.

// ── Area ───────────────────────────────────────────────────────────────────────────────────────────
export {
  type AreaClassify,
  type AreaNode,
  buildAreaTree,
  isPurchaseAreaEditable,
  paymentAreas,
  purchaseAreaChoices,
  purchaseAreaText,
  WHOLE_COUNTRY,
} from './area/area';
// ── Constants (spec §9) ────────────────────────────────────────────────────────────────────────────
export {
  ACTIVITY_DEVICE_TYPE,
  AMOUNT_DICTIONARY_NAME,
  AMOUNT_DICTIONARY_SIZE,
  API_PATH_PREFIX,
  BASE_ROOT_FONT_SIZE_PX,
  CAROUSEL_STEP_PX,
  CODE_LIST_RETRY_LIMIT,
  COUPON_NO_EXPIRY_AFTER_YEAR,
  COUPON_PAGE_SIZE,
  COUPON_TOTAL_CAP,
  CUSTOMER_LIST_TOTAL_DISPLAY_CAP,
  DEBOUNCE_MS,
  DEBOUNCE_SHORT_MS,
  DEFAULT_MAX_PAGES,
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAY_TYPE,
  DESIGN_WIDTH_PX,
  DEVICE_CODE,
  DIALOG_DEFAULT_HEIGHT_PX,
  DIALOG_DEFAULT_WIDTH_PX,
  DICTIONARY_PAGE_SIZE,
  KEEP_ALIVE_INTERVAL_MS,
  MAX_ROOT_FONT_SCALE,
  MEMBER_INFO_RETRY_LIMIT,
  MEMBERSHIP_ROW_ACTIVE_FLAG,
  MESSAGE_DURATION_MS,
  MIN_ROOT_FONT_SIZE_PX,
  MOBILE_WIDTH_THRESHOLD_PX,
  ORDER_POLL_INTERVAL_MS,
  ORDER_STATUS_PAID,
  ORDER_TRADE_SUCCESS,
  PAGE_BUTTON_COUNT,
  PASSWORD_COOKIE_DAYS,
  PAYMENT_QR_SIZE_PX,
  PC_USE_DIALOG_HEIGHT_PX,
  PC_USE_DIALOG_WIDTH_PX,
  PERMISSION_QR_SIZE_PX,
  REDIRECT_QUERY_SUCCESS_CODE,
  REGISTER_TYPE,
  REQUEST_TIMEOUT_MS,
  SCROLL_RESTORE_DELAY_MS,
  SEARCH_PATTERNS,
  SEARCH_TYPES,
  SIDEBAR_WIDTH_PX,
  SMALL_DESKTOP_WIDTH_THRESHOLD_PX,
  TABLE_COLUMN_MIN_WIDTH_PX,
  TAG_CONTEXT_MENU_WIDTH_PX,
  TIMEOUT_NOTICE_DURATION_MS,
  TIP_DURATION_MS,
  TOAST_DEFAULT_DURATION_MS,
  TOKEN_COOKIE_DAYS,
  TOKEN_COOKIE_NAME,
  TOTAL_DISPLAY_CAP,
} from './constants';
// ── Coupons ────────────────────────────────────────────────────────────────────────────────────────
export {
  COUPON_EMPTY_TEXT,
  COUPON_STATUS_UNUSED,
  type CouponStatusDisplay,
  couponStatusDisplay,
  couponThresholdText,
  couponValidUntilText,
  displayedCouponTotal,
} from './coupons/coupon-display';
export {
  ALL_LEVEL_COUPON_GOODS_TYPES,
  COUPON_GOODS_TYPE_ADVANCED,
  COUPON_GOODS_TYPE_ALL_CATEGORIES,
  COUPON_GOODS_TYPE_VIP,
  type CouponPurchase,
  type CouponTerms,
  compareCoupons,
  isCouponCandidate,
  payableAmount,
  pickBestCoupon,
} from './coupons/coupon-selection';
// ── Formatting ─────────────────────────────────────────────────────────────────────────────────────
export { avatarUrl } from './format/avatar-url';
export {
  addCalendarMonths,
  CHINA_UTC_OFFSET_MINUTES,
  type DateInput,
  type DateTimeParts,
  DEFAULT_DATE_TIME_PATTERN,
  dateTimeParts,
  formatDateTime,
  type TimeZoneOptions,
  toEpochMillis,
} from './format/date-time';
export { isExternalLink } from './format/external-link';
export { maskPhone, userDisplayName } from './format/phone';
// ── HTTP (spec §8) ─────────────────────────────────────────────────────────────────────────────────
export {
  type HttpFailure,
  type HttpFailureNotice,
  httpFailureNotice,
  LOGGED_IN_ELSEWHERE_MESSAGE,
  RESPONSE_CODES,
  type ResponseCode,
  type ResponseCodeAction,
  responseCodeAction,
  responseErrorMessage,
} from './http/response-codes';
// ── Layout ─────────────────────────────────────────────────────────────────────────────────────────
export {
  DEFAULT_DISPLAY_MODE,
  DISPLAY_MODES,
  type DisplayMode,
  displayModeOrDefault,
  isDisplayMode,
  toggleDisplayMode,
} from './layout/display-mode';
export { LAYOUT_SETTING_KEYS, type LayoutSettings, updateSettings } from './layout/settings';
export { type LayoutDevice, rootFontSize, type SidebarLayout, sidebarLayoutForWidth } from './layout/sidebar';
export {
  addTagsView,
  deleteAllTagsViews,
  deleteOtherTagsViews,
  deleteTagsView,
  type TagsViewState,
  updateTagsView,
  type VisitedView,
} from './layout/tags-view';
// ── Medical devices ────────────────────────────────────────────────────────────────────────────────
export {
  DEVICE_REGISTRATION_PATTERN,
  type DeviceRegistrationFacts,
  deviceRegistrationsIn,
  isMedicalNotice,
} from './medical/device-registration';
// ── Membership ─────────────────────────────────────────────────────────────────────────────────────
export {
  compareMemberLevels,
  isAtLeastMemberLevel,
  isMemberCode,
  isPaidMemberCode,
  MEMBER_CODES,
  type MemberCode,
  memberLevelRank,
  PAID_MEMBER_CODES,
  type PaidMemberCode,
} from './membership/member-level';
export {
  hasPrivilegeLeft,
  isPrivilegeGranted,
  type Privilege,
  type PrivilegeValue,
  parsePrivilege,
  remainingPrivilegeUses,
} from './membership/privilege';
export {
  areasCoverProvince,
  normalizeServiceAreas,
  type RegionalServiceEvent,
  type RegionalServicePurchase,
  serviceAreasAt,
} from './membership/service-areas';
export {
  activeMemberLevelAt,
  applyServiceEvent,
  applyServicePurchase,
  applyServiceRevocation,
  buildServiceTimeline,
  EMPTY_SERVICE_TIMELINE,
  membershipExpiry,
  projectedExpiry,
  remainingServiceMs,
  type ServiceEvent,
  type ServicePeriodRow,
  type ServicePeriodSegment,
  type ServicePurchase,
  type ServiceRevocation,
  type ServiceTimeline,
  serviceEventTime,
  servicePeriodRows,
} from './membership/service-period';
// ── Messages ───────────────────────────────────────────────────────────────────────────────────────
export { messages } from './messages';
// ── Money ──────────────────────────────────────────────────────────────────────────────────────────
export {
  formatFenAsWanYuan,
  formatWanYuan,
  groupedNumber,
  YI_IN_WAN,
} from './money/amount-text';
export { fenToYuan, formatYuan, yuanToFen } from './money/fen';
// ── Pagination ─────────────────────────────────────────────────────────────────────────────────────
export {
  formatTotalCount,
  foundCountText,
  lastReachablePage,
  type PageLimitNoticeInput,
  type PageLimits,
  pageLimitNotice,
  parseJumpPage,
  type TotalCountListKind,
  totalDisplayCap,
} from './pagination/pagination';
// ── Permission ─────────────────────────────────────────────────────────────────────────────────────
export {
  isPermissionDialogType,
  PAGE_CLOSING_DIALOG_TYPES,
  PERMISSION_DIALOG_TYPES,
  type PermissionDialogCloseAction,
  type PermissionDialogInput,
  type PermissionDialogType,
  permissionDialogCloseAction,
  permissionDialogMessage,
  permissionJumpLanding,
  routeAfterProjectQuery,
  SUBSCRIBE_BIDDING_PATH,
  SUBSCRIBE_UPFRONT_PATH,
  type SubscribeRouteName,
  type UsedUpVariant,
  usedUpLimitText,
  usedUpVariant,
} from './permission/permission-dialog';
// ── Pricing ────────────────────────────────────────────────────────────────────────────────────────
export {
  discountRate,
  listPriceFen,
  membershipPriceFen,
  type ProductPrices,
  provincePriceForDuration,
} from './pricing/membership-price';
// ── Search ─────────────────────────────────────────────────────────────────────────────────────────
export {
  type AmountRange,
  formatAmountRange,
  isAmountRangeText,
  MIN_POSITIVE_AMOUNT,
  parseAmountRange,
  withMinAmountRule,
} from './search/amount-range';
// ── Table ──────────────────────────────────────────────────────────────────────────────────────────
export { nextSortOrder, SORT_ORDERS, type SortOrder } from './table/sort-order';
