import { REDIRECT_QUERY_SUCCESS_CODE } from '../constants';
import { messages } from '../messages';

/** spec §2 Permission dialog types (the wire spelling 'singleProvice' is kept). */
export const PERMISSION_DIALOG_TYPES = [
  'usedUp',
  'member',
  'exportPermission',
  'noData',
  'singleProvice',
  'pcUse',
  'unPay',
] as const;

export type PermissionDialogType = (typeof PERMISSION_DIALOG_TYPES)[number];

export function isPermissionDialogType(value: unknown): value is PermissionDialogType {
  return typeof value === 'string' && (PERMISSION_DIALOG_TYPES as readonly string[]).includes(value);
}

/** spec §4 Permission dialog closing: with closePage set, these types close the current page. */
export const PAGE_CLOSING_DIALOG_TYPES = [
  'usedUp',
  'member',
  'singleProvice',
  'unPay',
] as const satisfies readonly PermissionDialogType[];

/** Paths the user must not be sent back to after closing a page (spec §4). */
const NO_RETURN_PREFIXES = ['/login', '/perfect'] as const;

/** spec §2 route entries reached after the project query. */
export type SubscribeRouteName = 'Bidding' | 'Upfront';

export const SUBSCRIBE_BIDDING_PATH = '/subscribe/bidding';
export const SUBSCRIBE_UPFRONT_PATH = '/subscribe/upfront';

/** What closing a permission dialog does. */
export type PermissionDialogCloseAction =
  /** Just hide the dialog. */
  | { kind: 'hide' }
  /** Close the current page and go back to the page it came from. */
  | { kind: 'close-page-and-return'; path: string }
  /** Close the current page; the project query decides where to go (see {@link routeAfterProjectQuery}). */
  | { kind: 'close-page-and-query-project' };

/**
 * spec §4 Permission dialog closing: without closePage the dialog just hides; with it, usedUp, member,
 * singleProvice and unPay close the current page and return to the page it came from — unless that page
 * began with /login or /perfect (or is unknown), in which case the project query decides the route.
 * Other types only hide.
 */
export function permissionDialogCloseAction(input: {
  type: PermissionDialogType;
  closePage: boolean;
  /** The path of the page the current one was opened from, if known. */
  fromPath?: string | null;
}): PermissionDialogCloseAction {
  if (!input.closePage) return { kind: 'hide' };
  if (!(PAGE_CLOSING_DIALOG_TYPES as readonly string[]).includes(input.type)) return { kind: 'hide' };
  const from = input.fromPath?.trim() ?? '';
  if (from === '' || NO_RETURN_PREFIXES.some((prefix) => from.startsWith(prefix))) {
    return { kind: 'close-page-and-query-project' };
  }
  return { kind: 'close-page-and-return', path: from };
}

function isMinusOne(value: unknown): boolean {
  return value === -1 || value === '-1';
}

/**
 * spec §4 Permission dialog closing: code 200 (the string '200' counts too, spec §9) with data -1 goes to
 * the route Bidding; any other answer to Upfront. Data '-1' as a string counts as -1.
 */
export function routeAfterProjectQuery(answer: {
  code: number | string;
  data?: unknown;
}): SubscribeRouteName {
  const success = String(answer.code) === REDIRECT_QUERY_SUCCESS_CODE;
  return success && isMinusOne(answer.data) ? 'Bidding' : 'Upfront';
}

/**
 * spec §2 Route guard step 3: with a token, visiting /login runs the permission jump; a result of -1 lands
 * on /subscribe/bidding, anything else on /subscribe/upfront.
 */
export function permissionJumpLanding(result: unknown): string {
  return isMinusOne(result) ? SUBSCRIBE_BIDDING_PATH : SUBSCRIBE_UPFRONT_PATH;
}

/** spec §2 usedUp: which title the dialog shows. */
export type UsedUpVariant = 'download' | 'member' | 'freeTrial';

/**
 * spec §2 usedUp: the daily download limit (isDownLoad), today's viewing quota (members) or the free trial
 * (non-members); a download limit is the download title whoever hits it.
 */
export function usedUpVariant(input: { isMember: boolean; isDownLoad: boolean }): UsedUpVariant {
  if (input.isDownLoad) return 'download';
  return input.isMember ? 'member' : 'freeTrial';
}

/** What a permission dialog says: its type and the fields the dialog reads (spec §2 Permission dialog types). */
export interface PermissionDialogInput {
  type: PermissionDialogType;
  isMember?: boolean;
  isDownLoad?: boolean;
  /** singleProvice: the member's regions as shown (purchaseAreaText) and the information's province. */
  memberProvince?: string;
  province?: string;
  /** member: the name of the lowest level that opens the feature ('' or absent: not named). */
  upgradeMemberName?: string | undefined;
  /** usedUp: the daily quota used up (null or absent: not known). */
  limit?: number | null | undefined;
}

/**
 * usedUp's second line (issue 33): the daily quota and that it comes back at 00:00 — '每日可免费查看 3 条，次日 0 点
 * 恢复' for the free trial. Undefined without a positive quota.
 */
export function usedUpLimitText(input: PermissionDialogInput): string | undefined {
  if (input.type !== 'usedUp' || input.limit == null || input.limit <= 0) return undefined;
  const text = messages.permission;
  const variant = usedUpVariant({ isMember: input.isMember ?? false, isDownLoad: input.isDownLoad ?? false });
  if (variant === 'download') return text.usedUpLimitDownload(input.limit);
  return variant === 'member' ? text.usedUpLimitMember(input.limit) : text.usedUpLimitFreeTrial(input.limit);
}

/** spec §8 Permission dialog messages: the text of a dialog, the same on server and client. */
export function permissionDialogMessage(input: PermissionDialogInput): string {
  const text = messages.permission;
  switch (input.type) {
    case 'usedUp': {
      const variant = usedUpVariant({
        isMember: input.isMember ?? false,
        isDownLoad: input.isDownLoad ?? false,
      });
      if (variant === 'download') return text.usedUpDownload;
      return variant === 'member' ? text.usedUpMember : text.usedUpFreeTrial;
    }
    case 'member':
      return input.upgradeMemberName ? text.memberNeedsLevel(input.upgradeMemberName) : text.member;
    case 'exportPermission':
      return text.exportPermission;
    case 'noData':
      return text.noData;
    case 'singleProvice':
      return text.singleProvice(input.memberProvince ?? '', input.province ?? '');
    case 'pcUse':
      return text.pcUse;
    case 'unPay':
      return text.unPay;
  }
}
