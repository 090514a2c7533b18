import { Loader, Stack, Title } from '@mantine/core';
import type { MenuItem } from '@tender/contracts';
import { showMessage } from '@tender/ui-kit';
import { useLayoutDialogs } from '../../layout/use-layout-dialogs';
import { useAppServices } from '../../shell/app-context';
import { useRouteStore } from '../../stores/route-store';
import { useUserStore } from '../../stores/user-store';
import { AccountSettings } from './account-settings';
import { EnterpriseManagement } from './enterprise-management';
import { messages } from './messages';

/** Whether the user's server menus hold an entry (the server leaves out what the brand or user may not see). */
function menusInclude(menus: readonly MenuItem[], name: string): boolean {
  return menus.some((item) => item.name === name || menusInclude(item.children ?? [], name));
}

function Enterprise({ userId }: { userId: number }) {
  const { api } = useAppServices();
  const { openMembership } = useLayoutDialogs();
  return (
    <EnterpriseManagement
      api={api}
      userId={userId}
      showMessage={showMessage}
      onOpenMembership={openMembership}
    />
  );
}

/**
 * 账号设置 (/infoEdit). Enterprise account management lives here when the brand has no 企业管理 menu (it shows
 * only in the new-demand mode, spec §2).
 */
export function InfoEditScreen() {
  const { api, brand, logout } = useAppServices();
  const user = useUserStore((state) => state.user);
  const hasEnterpriseMenu = useRouteStore((state) => menusInclude(state.routers, 'EnterpriseEdit'));
  const t = messages.infoEdit;
  return (
    <Stack gap="md" component="section" aria-label={t.title}>
      <Title order={2} size="h4">
        {t.title}
      </Title>
      {user ? (
        <AccountSettings
          user={user}
          api={api}
          onUserChanged={(changed) => useUserStore.getState().setUser(changed)}
          showMessage={showMessage}
          privacyPolicy={{ url: brand.legal.privacyUrl, version: brand.legal.privacyPolicyVersion }}
          onAccountCancelled={() => void logout()}
          enterprise={hasEnterpriseMenu ? undefined : <Enterprise userId={user.userId} />}
        />
      ) : (
        <Loader size="sm" aria-label={t.title} />
      )}
    </Stack>
  );
}

/** 企业管理 (/enterpriseEdit, new-demand mode): the enterprise and, for its main account, its sub-accounts. */
export function EnterpriseEditScreen() {
  const user = useUserStore((state) => state.user);
  return user ? (
    <Enterprise userId={user.userId} />
  ) : (
    <Loader size="sm" aria-label={messages.enterprise.title} />
  );
}
