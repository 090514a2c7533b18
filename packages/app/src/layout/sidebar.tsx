import { Box, Drawer, Group, Image, NavLink, ScrollArea, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { MenuItem } from '@tender/contracts';
import { SIDEBAR_WIDTH_PX } from '@tender/domain';
import { useEffect, useState } from 'react';
import { GUIDE_TARGET_ATTRIBUTE, useGuideHighlight } from '../features/guided-tour/guide-highlight';
import { useAppServices } from '../shell/app-context';
import { Permission } from '../shell/permission';
import { ROUTE_ROLES } from '../shell/roles';
import { useAppStore } from '../stores/app-store';
import { useRouteStore } from '../stores/route-store';
import { useSettingsStore } from '../stores/settings-store';
import { menuIcon } from './menu-icons';

/** Width of the closed sidebar on a desktop: the icons only. */
export const COLLAPSED_SIDEBAR_WIDTH_PX = 64;

function MenuIcon({ item }: { item: MenuItem }) {
  const Icon = menuIcon(item.meta.icon);
  return <Icon size={20} stroke={1.6} aria-hidden />;
}

/** Marks an entry for the guided tour's card; the one it points at is outlined. */
function guideTarget(name: string, highlighted: string | undefined) {
  return {
    [GUIDE_TARGET_ATTRIBUTE]: name,
    ...(name === highlighted
      ? {
          'data-guided': true,
          style: { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: -2 },
        }
      : {}),
  };
}

/** A screen is active on its path (and below it); a group when one of its screens is. */
function isActive(item: MenuItem, pathname: string): boolean {
  if (item.children) return item.children.some((child) => isActive(child, pathname));
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}

function MenuTree({ pathname, collapsed }: { pathname: string; collapsed: boolean }) {
  const menus = useRouteStore((state) => state.routers);
  const uniqueOpened = useSettingsStore((state) => state.uniqueOpened);
  const [openGroups, setOpenGroups] = useState<string[]>(() =>
    menus.filter((item) => item.children && isActive(item, pathname)).map((item) => item.name),
  );
  // The group of the page being shown opens (and, with uniqueOpened, alone).
  // The group of the entry the guided tour points at opens too, so the member sees that entry.
  const highlighted = useGuideHighlight((state) => state.menuName);
  useEffect(() => {
    const active = menus.find((item) => item.children && isActive(item, pathname))?.name;
    const guided = menus.find((item) => item.children?.some((child) => child.name === highlighted))?.name;
    for (const group of [active, guided])
      if (group)
        setOpenGroups((open) => (open.includes(group) ? open : uniqueOpened ? [group] : [...open, group]));
  }, [menus, pathname, uniqueOpened, highlighted]);
  const toggleGroup = (name: string) =>
    setOpenGroups((open) =>
      open.includes(name) ? open.filter((other) => other !== name) : uniqueOpened ? [name] : [...open, name],
    );

  const screenLink = (item: MenuItem) => {
    const link = (
      <NavLink
        key={item.name}
        component={Link}
        to={item.path}
        label={collapsed ? undefined : item.meta.title}
        title={item.meta.title}
        leftSection={<MenuIcon item={item} />}
        active={isActive(item, pathname)}
        {...guideTarget(item.name, highlighted)}
      />
    );
    // The role-based guard's routes (shell/roles.ts) show only to the roles that may open them.
    const roles = ROUTE_ROLES[item.path];
    return roles ? (
      <Permission key={item.name} roles={roles}>
        {link}
      </Permission>
    ) : (
      link
    );
  };

  return (
    <nav aria-label="主菜单">
      {menus
        .filter((item) => !item.hidden)
        .map((item) =>
          item.children ? (
            <NavLink
              key={item.name}
              // A group opens and closes: a button (an anchor without href may not carry aria-expanded).
              component="button"
              type="button"
              label={collapsed ? undefined : item.meta.title}
              title={item.meta.title}
              leftSection={<MenuIcon item={item} />}
              opened={!collapsed && openGroups.includes(item.name)}
              onChange={() => toggleGroup(item.name)}
              active={isActive(item, pathname)}
              variant="subtle"
              childrenOffset={collapsed ? 0 : 28}
              // Closed to icons, the group stands in for the child the tour points at.
              {...(collapsed && item.children.some((child) => child.name === highlighted)
                ? guideTarget(highlighted ?? '', highlighted)
                : {})}
            >
              {item.children.filter((child) => !child.hidden).map(screenLink)}
            </NavLink>
          ) : (
            screenLink(item)
          ),
        )}
    </nav>
  );
}

function SidebarContent({ pathname, collapsed }: { pathname: string; collapsed: boolean }) {
  const { brand } = useAppServices();
  const sidebarLogo = useSettingsStore((state) => state.sidebarLogo);
  return (
    <Box h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
      {sidebarLogo && (
        <Group gap="xs" p="sm" wrap="nowrap" h={56} data-testid="sidebar-logo">
          <Image src={new URL('favicon.svg', document.baseURI).href} alt={brand.name} w={28} h={28} />
          {!collapsed && (
            <Text fw={700} c="var(--mantine-primary-color-filled)" truncate>
              {brand.name}
            </Text>
          )}
        </Group>
      )}
      <ScrollArea style={{ flex: 1 }}>
        <MenuTree pathname={pathname} collapsed={collapsed} />
      </ScrollArea>
    </Box>
  );
}

/**
 * spec §2, §4: the sidebar, 200 px wide, built from the permission-filtered menus (hidden items left out). On a
 * desktop closing it leaves the icons; on mobile it is a drawer over the page.
 */
export function Sidebar({ pathname }: { pathname: string }) {
  const device = useAppStore((state) => state.device);
  const opened = useAppStore((state) => state.sidebar.opened);
  const closeSidebar = useAppStore((state) => state.closeSidebar);
  if (device === 'mobile') {
    return (
      <Drawer
        opened={opened}
        onClose={closeSidebar}
        size={SIDEBAR_WIDTH_PX}
        withCloseButton={false}
        padding={0}
      >
        <SidebarContent pathname={pathname} collapsed={false} />
      </Drawer>
    );
  }
  return (
    <Box
      component="aside"
      data-testid="sidebar"
      data-opened={opened}
      style={{
        // px, not rem: spec §2 fixes the sidebar at 200px whatever the root font scaling does.
        width: opened ? SIDEBAR_WIDTH_PX : COLLAPSED_SIDEBAR_WIDTH_PX,
        flexShrink: 0,
        height: '100vh',
        position: 'sticky',
        top: 0,
        borderRight: '1px solid var(--mantine-color-gray-3)',
        transition: 'width 200ms',
      }}
    >
      <SidebarContent pathname={pathname} collapsed={!opened} />
    </Box>
  );
}
