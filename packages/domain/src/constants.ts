/**
 * Business constants of spec §9 (and the few of §2–§4, §7 that are pure data).
 *
 * Only values the spec fixes live here. Per-brand, database-seeded values (prices, quotas, order
 * expiry — docs/business-rules.md) are data, never constants in code.
 */

// ── Orders and payment (spec §3 Order, §4 Membership order flow, §9) ─────────────────────────────

/** spec §3/§9: `orderStatus` 2 means paid. */
export const ORDER_STATUS_PAID = 2;
/** spec §4 Pending purchase tracking: the order-status poll answers this string on success. */
export const ORDER_TRADE_SUCCESS = 'TRADE_SUCCESS';
/** spec §4/§9: order status is polled every 3 s while it is not paid. */
export const ORDER_POLL_INTERVAL_MS = 3000;
/** spec §4/§9: loading member info retries with the whole country up to 5 times. */
export const MEMBER_INFO_RETRY_LIMIT = 5;
/** spec §9: the code list is retried up to 5 times. */
export const CODE_LIST_RETRY_LIMIT = 5;
/** spec §3/§9: default pay type of an order. */
export const DEFAULT_PAY_TYPE = 'PC-微信';
/** spec §2 服务期明细: a membership detail row whose `isActive` equals 0 is the one in use. */
export const MEMBERSHIP_ROW_ACTIVE_FLAG = 0;

// ── Dictionaries (spec §3 Dictionary, §7, §9) ─────────────────────────────────────────────────────

/** spec §7/§9: dictionary detail requests ask for one page of 9999 entries. */
export const DICTIONARY_PAGE_SIZE = 9999;
/** spec §7: the amount dictionary's name. */
export const AMOUNT_DICTIONARY_NAME = 'item_amount';
/** spec §7/§9: the amount dictionary is requested with size 20. */
export const AMOUNT_DICTIONARY_SIZE = 20;

// ── Coupons (spec §2 Coupon dialog, §7, §9) ───────────────────────────────────────────────────────

/** spec §7/§9: my-coupon list page size. */
export const COUPON_PAGE_SIZE = 5;
/** spec §5/§9: the coupon total shown is capped at 250. */
export const COUPON_TOTAL_CAP = 250;
/** spec §2/§9: a valid-until year above this one displays as 无期限. */
export const COUPON_NO_EXPIRY_AFTER_YEAR = 2100;

// ── Devices, login, transport (spec §3 Login payload, §7, §9) ─────────────────────────────────────

/** spec §7/§9: device header value. */
export const DEVICE_CODE = 50;
/** spec §7/§9: deviceType of activity calls. */
export const ACTIVITY_DEVICE_TYPE = 50;
/** spec §3/§9: registerType of the login payload, 50 for all brands. */
export const REGISTER_TYPE = 50;
/** spec §7: every call lives under this prefix. */
export const API_PATH_PREFIX = '/webchat';
/** spec §7/§9: request time-out of the shared HTTP client. */
export const REQUEST_TIMEOUT_MS = 180_000;
/** spec §4/§9: after user info loads, a keep-alive call repeats every 20 hours. */
export const KEEP_ALIVE_INTERVAL_MS = 72_000_000;
/** spec §9: the project query that routes after a permission dialog succeeds with the string '200'. */
export const REDIRECT_QUERY_SUCCESS_CODE = '200';
/** spec §4/§9: the token cookie's name. */
export const TOKEN_COOKIE_NAME = 'TOKEN';
/** spec §4/§9: a remembered token cookie lasts 30 days. */
export const TOKEN_COOKIE_DAYS = 30;
/** spec §4/§9: the password cookie lasts 1 day. */
export const PASSWORD_COOKIE_DAYS = 1;

// ── Notices and timing (spec §2 Shared screen parts, §8, §9) ─────────────────────────────────────

/** spec §8/§9: messages show for 3 s. */
export const MESSAGE_DURATION_MS = 3000;
/** spec §9: tips show for 3 s. */
export const TIP_DURATION_MS = 3000;
/** spec §8/§9: the time-out notification shows for 5 s. */
export const TIMEOUT_NOTICE_DURATION_MS = 5000;
/** spec §2/§9: a toast's default duration. */
export const TOAST_DEFAULT_DURATION_MS = 1500;
/** spec §5/§9: default debounce. */
export const DEBOUNCE_MS = 300;
/** spec §5/§9: the alternative, shorter debounce. */
export const DEBOUNCE_SHORT_MS = 200;
/** spec §4/§9: tag views restore their scroll position after 1 s. */
export const SCROLL_RESTORE_DELAY_MS = 1000;

// ── Sizes (spec §2, §9) ───────────────────────────────────────────────────────────────────────────

/** spec §9: default dialog width in px. */
export const DIALOG_DEFAULT_WIDTH_PX = 480;
/** spec §9: default dialog height in px. */
export const DIALOG_DEFAULT_HEIGHT_PX = 318;
/** spec §2/§9: the pcUse permission dialog is 600 × 500. */
export const PC_USE_DIALOG_WIDTH_PX = 600;
/** spec §2/§9: the pcUse permission dialog is 600 × 500. */
export const PC_USE_DIALOG_HEIGHT_PX = 500;
/** spec §2/§9: the member-type carousel scrolls by 196 px. */
export const CAROUSEL_STEP_PX = 196;
/** spec §2/§9: the payment QR code is 140 × 140 px. */
export const PAYMENT_QR_SIZE_PX = 140;
/** spec §9: default size of the permission dialog's QR code. */
export const PERMISSION_QR_SIZE_PX = 160;
/** spec §2/§9: sidebar width. */
export const SIDEBAR_WIDTH_PX = 200;
/** spec §9: default minimum width of a table column. */
export const TABLE_COLUMN_MIN_WIDTH_PX = 80;
/** spec §2/§9: width of the tags bar's context menu. */
export const TAG_CONTEXT_MENU_WIDTH_PX = 105;

// ── Layout (spec §4 Sidebar, §9) ──────────────────────────────────────────────────────────────────

/** spec §4/§9: below this window width the layout is mobile. */
export const MOBILE_WIDTH_THRESHOLD_PX = 992;
/** spec §4/§9: below this window width the sidebar starts closed. */
export const SMALL_DESKTOP_WIDTH_THRESHOLD_PX = 1400;
/** spec §9: the design width the root font size scales against. */
export const DESIGN_WIDTH_PX = 1920;
/** spec §9: root font size at the design width. */
export const BASE_ROOT_FONT_SIZE_PX = 20;
/** spec §9: the root font size scales at most twice. */
export const MAX_ROOT_FONT_SCALE = 2;
/** spec §9: the scaled root font never goes below 12 px. */
export const MIN_ROOT_FONT_SIZE_PX = 12;

// ── Pagination (spec §2 Pagination, §9) ───────────────────────────────────────────────────────────

/** spec §9: default page size. */
export const DEFAULT_PAGE_SIZE = 20;
/** spec §9: default maximum number of pages a user may view. */
export const DEFAULT_MAX_PAGES = 50;
/** spec §9: number of page buttons the pager shows. */
export const PAGE_BUTTON_COUNT = 5;
/** spec §9: totals above this show as '10000+'. */
export const TOTAL_DISPLAY_CAP = 10_000;
/** spec §9: potential-customer and financial-customer list totals above this show as '2000+'. */
export const CUSTOMER_LIST_TOTAL_DISPLAY_CAP = 2000;

// ── Fixed filter options (spec §3) ────────────────────────────────────────────────────────────────

/** spec §3 Fixed filter options: search scope. */
export const SEARCH_TYPES = { FULL_TEXT: 10, TITLE: 20, PURCHASE_CONTENT: 30 } as const;
/** spec §3 Fixed filter options: search pattern. */
export const SEARCH_PATTERNS = { PRECISE: 30, SMART: 20, FUZZY: 10 } as const;
