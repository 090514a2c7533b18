import type { GateRefusal, PrivilegeKey } from '@tender/contracts';
import {
  type PaidMemberCode,
  type PermissionDialogType,
  permissionDialogMessage,
  usedUpLimitText,
} from '@tender/domain';
import { messages } from '../messages';

/** What one permission dialog shows (spec §2 Permission dialog types): its type and the fields it reads. */
export interface PermissionDialogContent {
  type: PermissionDialogType;
  /** usedUp: a paid member gets 'know', anyone else 'upgrade membership'. */
  isMember?: boolean;
  /** usedUp: the daily download limit rather than a viewing quota. */
  isDownLoad?: boolean;
  /** singleProvice: the member's purchased regions as shown ('广东省，广西壮族自治区'). */
  memberProvince?: string;
  /** singleProvice: the information's province. */
  province?: string;
  /** The support phone the server answered with the refusal; '' or absent: the app's configured one. */
  phone?: string;
  /** The level the membership modal should preselect on 'upgrade' (purchase intentions: qiyetong). */
  upgradeMemberCode?: PaidMemberCode | null;
  /** member: the name of the level that opens the feature ('企业通'), said in the text. */
  upgradeMemberName?: string;
  /** usedUp: the spent daily quota, said as 每日可免费查看 3 条，次日 0 点恢复. */
  limit?: number | null;
  /** The privilege the refused call needed (purchaseDetail: the modal forces the enterprise level, spec §2). */
  privilege?: PrivilegeKey | null;
}

/** How the membership modal opens from an upgrade button. */
export interface UpgradeOptions {
  /** spec §2: opened from a 'view purchase intent' refusal, the level is forced. */
  forced: boolean;
}

/** spec §2 Membership modal: a purchase-intent refusal forces the enterprise level it names. */
export function upgradeOptions(content: PermissionDialogContent): UpgradeOptions {
  return { forced: content.privilege === 'purchaseDetail' && content.upgradeMemberCode != null };
}

/**
 * A gate refusal (code 403, `data` of @tender/contracts' gateRefusalSchema) as the dialog to open; undefined when
 * the refusal names no dialog (a feature the brand hides: show the message instead).
 */
export function permissionDialogFromRefusal(refusal: GateRefusal): PermissionDialogContent | undefined {
  if (refusal.type === null) return undefined;
  return {
    type: refusal.type,
    isMember: refusal.isMember,
    isDownLoad: refusal.isDownLoad,
    memberProvince: refusal.memberProvince,
    province: refusal.province,
    phone: refusal.phone,
    upgradeMemberCode: refusal.upgradeMemberCode,
    ...(refusal.upgradeMemberName ? { upgradeMemberName: refusal.upgradeMemberName } : {}),
    ...(refusal.limit != null ? { limit: refusal.limit } : {}),
    privilege: refusal.privilege,
  };
}

/** What the dialog's main button does: close it, or open the membership modal. */
export type PermissionDialogAction = 'close' | 'upgrade';

export interface PermissionDialogButton {
  label: string;
  action: PermissionDialogAction;
}

/** spec §2: the main button of each type. pcUse has logout beside it (see the component). */
export function permissionDialogButton(content: PermissionDialogContent): PermissionDialogButton {
  const { buttons } = messages;
  switch (content.type) {
    case 'usedUp':
      return content.isMember
        ? { label: buttons.know, action: 'close' }
        : { label: buttons.openMembership, action: 'upgrade' };
    case 'member':
    case 'pcUse':
      return { label: buttons.upgrade, action: 'upgrade' };
    case 'exportPermission':
      return { label: buttons.upgradeNow, action: 'upgrade' };
    case 'singleProvice':
      return { label: buttons.moreRegions, action: 'upgrade' };
    case 'noData':
    case 'unPay':
      return { label: buttons.know, action: 'close' };
  }
}

/**
 * The dialog's main text (spec §8, the domain's wording shared with the server). unPay says it in one sentence with
 * the contact text of dictionary shenjims_pay_content, or the fallback (spec §2).
 */
export function permissionDialogText(content: PermissionDialogContent, payContent?: string): string {
  if (content.type === 'unPay') return payContent || messages.unPay.fallbackSentence;
  return permissionDialogMessage(content);
}

/** usedUp's second line: the daily quota and when it comes back; undefined when the server gave no quota. */
export function permissionDialogLimitText(content: PermissionDialogContent): string | undefined {
  return usedUpLimitText(content);
}
