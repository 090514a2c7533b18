import { ActionIcon, Badge, Burger, Group, Text, Tooltip } from '@mantine/core';
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
          <Tooltip label={messages.layout.memberTooltip(memberName)}>
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
          ⚙
        </ActionIcon>
      </Group>
    </Group>
  );
}
