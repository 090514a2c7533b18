import { describe, expect, it } from 'vitest';
import {
  isPermissionDialogType,
  PERMISSION_DIALOG_TYPES,
  type PermissionDialogType,
  permissionDialogCloseAction,
  permissionDialogMessage,
  permissionJumpLanding,
  routeAfterProjectQuery,
  usedUpLimitText,
  usedUpVariant,
} from './permission-dialog';

describe('permission dialog types', () => {
  it('are the seven types of the spec', () => {
    expect(PERMISSION_DIALOG_TYPES).toEqual([
      'usedUp',
      'member',
      'exportPermission',
      'noData',
      'singleProvice',
      'pcUse',
      'unPay',
    ]);
    expect(isPermissionDialogType('singleProvice')).toBe(true);
    expect(isPermissionDialogType('singleProvince')).toBe(false);
    expect(isPermissionDialogType(undefined)).toBe(false);
  });
});

describe('permissionDialogCloseAction', () => {
  const closing: PermissionDialogType[] = ['usedUp', 'member', 'singleProvice', 'unPay'];
  const hiding: PermissionDialogType[] = ['exportPermission', 'noData', 'pcUse'];

  it('just hides without closePage, whatever the type', () => {
    for (const type of PERMISSION_DIALOG_TYPES) {
      expect(permissionDialogCloseAction({ type, closePage: false, fromPath: '/tender/index' })).toEqual({
        kind: 'hide',
      });
    }
  });

  it('closes the page and returns where it came from for usedUp, member, singleProvice and unPay', () => {
    for (const type of closing) {
      expect(permissionDialogCloseAction({ type, closePage: true, fromPath: '/subscribe/upfront' })).toEqual({
        kind: 'close-page-and-return',
        path: '/subscribe/upfront',
      });
    }
  });

  it('only hides the other types even with closePage', () => {
    for (const type of hiding) {
      expect(permissionDialogCloseAction({ type, closePage: true, fromPath: '/dashboard' })).toEqual({
        kind: 'hide',
      });
    }
  });

  it('lets the project query decide when the page came from /login or /perfect', () => {
    for (const fromPath of ['/login', '/login?redirect=%2Fdashboard', '/perfect', '/perfect/step2']) {
      expect(permissionDialogCloseAction({ type: 'member', closePage: true, fromPath })).toEqual({
        kind: 'close-page-and-query-project',
      });
    }
  });

  it('lets the project query decide when the previous page is unknown', () => {
    expect(permissionDialogCloseAction({ type: 'usedUp', closePage: true })).toEqual({
      kind: 'close-page-and-query-project',
    });
    expect(permissionDialogCloseAction({ type: 'usedUp', closePage: true, fromPath: '' })).toEqual({
      kind: 'close-page-and-query-project',
    });
  });

  it('returns to paths that only contain login elsewhere', () => {
    expect(
      permissionDialogCloseAction({ type: 'unPay', closePage: true, fromPath: '/myOrder/login' }),
    ).toEqual({
      kind: 'close-page-and-return',
      path: '/myOrder/login',
    });
  });
});

describe('routeAfterProjectQuery', () => {
  it('goes to Bidding on code 200 with data -1, the code as number or string', () => {
    expect(routeAfterProjectQuery({ code: 200, data: -1 })).toBe('Bidding');
    expect(routeAfterProjectQuery({ code: '200', data: -1 })).toBe('Bidding');
    expect(routeAfterProjectQuery({ code: '200', data: '-1' })).toBe('Bidding');
  });

  it('goes to Upfront otherwise', () => {
    expect(routeAfterProjectQuery({ code: 200, data: 1 })).toBe('Upfront');
    expect(routeAfterProjectQuery({ code: 200, data: 0 })).toBe('Upfront');
    expect(routeAfterProjectQuery({ code: 200 })).toBe('Upfront');
    expect(routeAfterProjectQuery({ code: 500, data: -1 })).toBe('Upfront');
    expect(routeAfterProjectQuery({ code: '2000', data: -1 })).toBe('Upfront');
  });
});

describe('permissionJumpLanding', () => {
  it('lands on /subscribe/bidding for -1 and /subscribe/upfront otherwise', () => {
    expect(permissionJumpLanding(-1)).toBe('/subscribe/bidding');
    expect(permissionJumpLanding('-1')).toBe('/subscribe/bidding');
    expect(permissionJumpLanding(1)).toBe('/subscribe/upfront');
    expect(permissionJumpLanding(0)).toBe('/subscribe/upfront');
    expect(permissionJumpLanding(undefined)).toBe('/subscribe/upfront');
  });
});

describe('usedUpLimitText', () => {
  it('says the daily quota and when it comes back, per usedUp variant', () => {
    expect(usedUpLimitText({ type: 'usedUp', isMember: false, limit: 3 })).toBe(
      '每日可免费查看 3 条，次日 0 点恢复',
    );
    expect(usedUpLimitText({ type: 'usedUp', isMember: true, limit: 200 })).toBe(
      '每日可查看 200 条，次日 0 点恢复',
    );
    expect(usedUpLimitText({ type: 'usedUp', isMember: true, isDownLoad: true, limit: 10 })).toBe(
      '每日可下载 10 次，次日 0 点恢复',
    );
  });

  it('says nothing without a quota or for another dialog', () => {
    expect(usedUpLimitText({ type: 'usedUp', isMember: false })).toBeUndefined();
    expect(usedUpLimitText({ type: 'usedUp', isMember: false, limit: null })).toBeUndefined();
    expect(usedUpLimitText({ type: 'member', limit: 3 })).toBeUndefined();
  });
});

describe('permissionDialogMessage', () => {
  it('names the level that opens a feature when the server gives it', () => {
    expect(permissionDialogMessage({ type: 'member', upgradeMemberName: '企业通' })).toBe(
      '您的会员权限不足！开通企业通及以上会员即可解锁该功能',
    );
    expect(permissionDialogMessage({ type: 'member', upgradeMemberName: '' })).toBe(
      '您的会员权限不足！升级会员即可解锁该功能',
    );
  });

  it('words each dialog type, with the three usedUp titles', () => {
    expect(permissionDialogMessage({ type: 'member' })).toBe('您的会员权限不足！升级会员即可解锁该功能');
    expect(permissionDialogMessage({ type: 'exportPermission' })).toContain('导出数据的权限');
    expect(permissionDialogMessage({ type: 'pcUse' })).toBe('您当前的会员暂无PC端使用权限！');
    expect(permissionDialogMessage({ type: 'unPay' })).toBe('暂不支持在线开通会员');
    expect(permissionDialogMessage({ type: 'noData' })).toContain('重新设置条件');
    expect(permissionDialogMessage({ type: 'usedUp', isMember: true })).toBe('您今日的查看次数已用完');
    expect(permissionDialogMessage({ type: 'usedUp', isMember: false })).toBe('您的免费试用次数已用完！');
    expect(permissionDialogMessage({ type: 'usedUp', isMember: true, isDownLoad: true })).toContain(
      '下载次数已达上限',
    );
    expect(
      permissionDialogMessage({
        type: 'singleProvice',
        memberProvince: '广东省，广西壮族自治区',
        province: '湖南省',
      }),
    ).toBe('您的会员地区为广东省，广西壮族自治区，该信息属于湖南省，您未开通，无法查看');
    for (const type of PERMISSION_DIALOG_TYPES) expect(permissionDialogMessage({ type })).not.toBe('');
  });

  it('picks the usedUp variant: downloads first, then members, else the free trial', () => {
    expect(usedUpVariant({ isMember: false, isDownLoad: true })).toBe('download');
    expect(usedUpVariant({ isMember: true, isDownLoad: false })).toBe('member');
    expect(usedUpVariant({ isMember: false, isDownLoad: false })).toBe('freeTrial');
  });
});
