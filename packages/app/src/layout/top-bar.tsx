import { ActionIcon, Badge, Burger, Group, Text, Tooltip } from '@mantine/core';
import IconSettings from '@tabler/icons-react/icons/IconSettings';
import type { ReactNode } from 'react';
import { messages } from '../messages';
import { useAppStore } from '../stores/app-store';
import { useUserStore } from '../stores/user-store';

/** spec §2: the top bar — sidebar toggle, page title, the member level badge (tooltip 当前为{name}), the user. */
export function TopBar({
  title,
  userMenu,
  onOpenSettings,
}: {
  title: string;
  userMenu: ReactNode;
  onOpenSettings(): void;
}) {
  const opened = useAppStore((state) => state.sidebar.opened);
  const toggleSidebar = useAppStore((state) => state.toggleSidebar);
  const memberName = useUserStore((state) => state.user?.memberName ?? '');
  const isOpenMember = useUserStore((state) => state.user?.isOpenMember ?? false);
  return (
    <Group
      component="header"
      h={50}
      px="md"
      justify="space-between"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={opened}
          onClick={toggleSidebar}
          size="sm"
          aria-label={messages.layout.toggleSidebar}
        />
        <Text fw={600}>{title}</Text>
      </Group>
      <Group gap="md" wrap="nowrap">
        {memberName && (
          <Tooltip
            label={
              isOpenMember ? messages.layout.memberTooltip(memberName) : messages.layout.freeMemberTooltip
            }
          >
            <Badge variant="light" data-testid="member-badge">
              {memberName}
            </Badge>
          </Tooltip>
        )}
        {userMenu}
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onOpenSettings}
          aria-label={messages.layout.settings}
        >
          <IconSettings size={20} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
