import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { loadAreaTree } from '@tender/api-client';
import type { GateRefusal } from '@tender/contracts';
import type { AreaNode, SubscribeRouteName } from '@tender/domain';
import { SUBSCRIBE_BIDDING_PATH, SUBSCRIBE_UPFRONT_PATH } from '@tender/domain';
import { type OpenMembershipOptions, useMembershipPurchase } from '@tender/membership';
import {
  type OpenPermissionDialogOptions,
  usePermissionDialogServerConfig,
  usePermissionDialogs,
} from '@tender/permission-dialogs';
import { showMessage } from '@tender/ui-kit';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { queryProject } from '../router/project-query';
import { useAppServices } from '../shell/app-context';
import { useTagsViewStore } from '../stores/tags-view-store';
import { useUserStore } from '../stores/user-store';

/** What screens inside the layout may open: the permission popup and the membership modal. */
export interface LayoutDialogs {
  /** Opens the dialog a gate refusal (code 403 `data`) names; false when it names none. */
  openRefusal(refusal: GateRefusal, options?: OpenPermissionDialogOptions): boolean;
  /** The membership modal, at a level when given (our 去支付 on /myOrder opens it at the order's). */
  openMembership(options?: OpenMembershipOptions): void;
  openServicePeriod(): void;
  openCoupons(): void;
}

export const LayoutDialogsContext = createContext<LayoutDialogs | undefined>(undefined);

/** The layout's dialogs, for screens that hit a gate or sell membership. */
export function useLayoutDialogs(): LayoutDialogs {
  const dialogs = useContext(LayoutDialogsContext);
  if (!dialogs) throw new Error('useLayoutDialogs: render inside the main layout');
  return dialogs;
}

const SUBSCRIBE_ROUTE_PATHS: Record<SubscribeRouteName, string> = {
  Bidding: SUBSCRIBE_BIDDING_PATH,
  Upfront: SUBSCRIBE_UPFRONT_PATH,
};

/**
 * spec §2 Global layout: "a member-upgrade modal, a payment-success modal and two permission popups" — the
 * membership pieces of @tender/membership and the permission dialogs of @tender/permission-dialogs, wired to the
 * router, the tags bar, the user store and the api-client. Pending purchases are checked on every route change.
 */
export function useLayoutDialogHost(allowPay: boolean): { dialogs: LayoutDialogs; elements: ReactNode } {
  const { brand, api, client, bridge, logout } = useAppServices();
  const navigate = useNavigate();
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const href = useRouterState({ select: (state) => state.location.href });
  const user = useUserStore((state) => state.user);
  const serverConfig = usePermissionDialogServerConfig(client);
  const [areaTree, setAreaTree] = useState<readonly AreaNode[]>([]);
  const previousPath = useRef<string | null>(null);
  const currentPath = useRef(pathname);
  if (currentPath.current !== pathname) {
    previousPath.current = currentPath.current;
    currentPath.current = pathname;
  }

  useEffect(() => {
    void loadAreaTree(client).then(setAreaTree);
  }, [client]);

  const membership = useMembershipPurchase({
    api,
    user,
    allowPay,
    areaTree,
    invoicePhone: serverConfig.supportPhone || brand.supportPhone,
    showMessage: (text, durationMs) => showMessage(text, 'warning', durationMs),
    onUnPay: () => permission.open({ type: 'unPay' }),
    // The badge and the popover show the new level.
    onPurchased: () => void api.userCenter().then((fresh) => useUserStore.getState().setUser(fresh)),
    onSuccessClosed: () => location.reload(),
    onViewOrders: () => void navigate({ to: '/myOrder' }),
  });

  const permission = usePermissionDialogs({
    ...serverConfig,
    // The brand's own phone when the server configuration has none (forecast's unPay, issue 33).
    supportPhone: serverConfig.supportPhone || brand.supportPhone || '',
    isUsePc: user?.isUsePc,
    // spec §2: opened from the purchase-intent gate the level is forced.
    onUpgrade: (memberCode, { forced }) => void membership.openMembership({ memberCode, forced }),
    onLogout: () => void logout(),
    closing: {
      context: () => ({
        fromPath: previousPath.current,
        currentView: { path: router.state.location.pathname },
        visitedViews: useTagsViewStore.getState().visitedViews,
        finished: true,
      }),
      hideOverlay: () => undefined,
      removeView: (path) => useTagsViewStore.getState().delView({ path }),
      navigate: (path) => void navigate({ to: path }),
      navigateToRoute: (route) => void navigate({ to: SUBSCRIBE_ROUTE_PATHS[route] }),
      queryProject: () => queryProject(client),
    },
  });

  // The api-client's PC login-auth refusal opens the pcUse dialog (spec §2 "Other dialogs").
  bridge.pcLoginRefused = (refusal) => {
    permission.openRefusal(refusal);
  };

  const { checkPendingPurchase, closeMembership } = membership;
  useEffect(() => {
    if (pathname) void checkPendingPurchase();
  }, [pathname, checkPendingPurchase]);

  // A dialog belongs to the page that opened it: navigating away (a link, Back, another tab) closes it.
  const { dismiss: dismissPermission } = permission;
  const shownAt = useRef(href);
  useEffect(() => {
    if (shownAt.current === href) return;
    shownAt.current = href;
    dismissPermission();
    closeMembership();
  }, [href, dismissPermission, closeMembership]);

  return {
    dialogs: {
      openRefusal: permission.openRefusal,
      openMembership: (options) => void membership.openMembership(options),
      openServicePeriod: membership.openServicePeriod,
      openCoupons: membership.openCoupons,
    },
    elements: (
      <>
        {membership.element}
        {permission.element}
      </>
    ),
  };
}
