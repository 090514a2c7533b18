import { Box } from '@mantine/core';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useConfirmDialog } from '@tender/ui-kit';
import { useState } from 'react';
import { GuidedTour } from '../features/guided-tour/guided-tour';
import { messages } from '../messages';
import { useAppServices } from '../shell/app-context';
import { menusAllowPay, useRouteStore } from '../stores/route-store';
import { useSettingsStore } from '../stores/settings-store';
import { useUserStore } from '../stores/user-store';
import { AppFooter } from './app-footer';
import { CustomerService } from './customer-service';
import { SettingsPanel } from './settings-panel';
import { Sidebar } from './sidebar';
import { TagsBar } from './tags-bar';
import { TopBar } from './top-bar';
import { LayoutDialogsContext, useLayoutDialogHost } from './use-layout-dialogs';
import { useResponsiveSidebar, useTagsFromRoute, useTagsViewPersistence } from './use-layout-effects';
import { UserPopover } from './user-popover';

/**
 * spec §2 Global layout: the sidebar, the top bar with the level badge and the user popover, the tags bar, the
 * page, the footer, the settings panel, the guided tour, the customer-service widget, the membership modal with its
 * success dialog, and the permission popups.
 */
export function MainLayout() {
  const { brand, logout } = useAppServices();
  // Restore the saved tabs before the current route adds its own.
  useTagsViewPersistence();
  const shown = useTagsFromRoute();
  const { pathname } = shown;
  useResponsiveSidebar(pathname);
  const title = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.title ?? '' });
  const user = useUserStore((state) => state.user);
  const allowPay = useRouteStore((state) => menusAllowPay(state.routers));
  const { tagsView, fixedHeader, showFooter, footerTxt, caseNumber } = useSettingsStore();
  const { confirm, dialog } = useConfirmDialog();
  const [settingsOpened, setSettingsOpened] = useState(false);

  const { dialogs, elements } = useLayoutDialogHost(allowPay);

  const askLogout = async () => {
    if (await confirm({ message: messages.layout.logoutConfirm })) await logout();
  };

  return (
    <Box style={{ display: 'flex', minHeight: '100vh' }}>
      <Sidebar pathname={pathname} />
      <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box
          data-testid="layout-header"
          data-fixed={fixedHeader}
          bg="white"
          style={fixedHeader ? { position: 'sticky', top: 0, zIndex: 100 } : undefined}
        >
          <TopBar
            title={title}
            onOpenSettings={() => setSettingsOpened(true)}
            userMenu={
              user && (
                <UserPopover
                  user={user}
                  allowPay={allowPay}
                  onUpgrade={dialogs.openMembership}
                  onServicePeriod={dialogs.openServicePeriod}
                  onCoupons={dialogs.openCoupons}
                  onLogout={() => void askLogout()}
                />
              )
            }
          />
          {tagsView && <TagsBar shown={shown} />}
        </Box>
        <Box component="main" p="md" style={{ flex: 1 }} bg="gray.0">
          <LayoutDialogsContext.Provider value={dialogs}>
            <Outlet />
          </LayoutDialogsContext.Provider>
        </Box>
        {showFooter && <AppFooter brand={brand} footerText={footerTxt} caseNumber={caseNumber} />}
      </Box>
      <SettingsPanel opened={settingsOpened} onClose={() => setSettingsOpened(false)} />
      <GuidedTour pathname={pathname} />
      <CustomerService />
      {elements}
      {dialog}
    </Box>
  );
}
