import { Box, CloseButton, Group, Paper, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { TAG_CONTEXT_MENU_WIDTH_PX, type VisitedView } from '@tender/domain';
import { useEffect, useState } from 'react';
import { messages } from '../messages';
import { useTagsViewStore } from '../stores/tags-view-store';
import type { ShownPage } from './use-layout-effects';

const fullPathOf = (view: VisitedView) => view.fullPath ?? view.path;

interface ContextMenuState {
  view: VisitedView;
  x: number;
  y: number;
}

/**
 * spec §2 tags bar: the visited views; a context menu (width 105) with 刷新, 关闭当前 (not for pinned tabs) and
 * 关闭其他; the close icon only when more than one tab is open.
 */
export function TagsBar({ shown }: { shown: ShownPage }) {
  const navigate = useNavigate();
  const visitedViews = useTagsViewStore((state) => state.visitedViews);
  const [menu, setMenu] = useState<ContextMenuState>();

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(undefined);
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [menu]);

  const open = (view: VisitedView | undefined) => void navigate({ href: view ? fullPathOf(view) : '/' });

  const closeView = (view: VisitedView) => {
    useTagsViewStore.getState().delView(view);
    if (view.path === shown.tabKey) open(useTagsViewStore.getState().visitedViews.at(-1));
  };

  const closeOthers = (view: VisitedView) => {
    useTagsViewStore.getState().delOthersViews(view);
    if (view.path !== shown.tabKey) open(view);
  };

  // spec §2: /redirect{fullPath}, the query included.
  const refresh = (view: VisitedView) => void navigate({ href: `/redirect${fullPathOf(view)}` });

  const closable = visitedViews.length > 1;
  return (
    // A list of links to the open pages, not ARIA tabs: a tab may not hold the close button (nested controls).
    <Box
      component="nav"
      aria-label={messages.tags.label}
      px="sm"
      py={4}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group
        component="ul"
        gap={6}
        wrap="nowrap"
        m={0}
        p={0}
        style={{ overflowX: 'auto', listStyle: 'none' }}
      >
        {visitedViews.map((view) => {
          const active = view.path === shown.tabKey;
          return (
            <Group
              component="li"
              key={view.path}
              data-active={active}
              data-path={fullPathOf(view)}
              gap={2}
              wrap="nowrap"
              px={8}
              h={26}
              onContextMenu={(event) => {
                event.preventDefault();
                setMenu({ view, x: event.clientX, y: event.clientY });
              }}
              style={{
                border: '1px solid var(--mantine-color-gray-4)',
                borderRadius: 2,
                background: active ? 'var(--mantine-primary-color-filled)' : 'white',
                color: active ? 'white' : 'inherit',
                flexShrink: 0,
              }}
            >
              <UnstyledButton
                fz="xs"
                c="inherit"
                aria-current={active ? 'page' : undefined}
                onClick={() => open(view)}
              >
                {view.title}
              </UnstyledButton>
              {closable && !view.affix && (
                <CloseButton
                  size="xs"
                  c="inherit"
                  aria-label={`${messages.tags.close} ${view.title}`}
                  onClick={() => closeView(view)}
                />
              )}
            </Group>
          );
        })}
      </Group>
      {menu && (
        <Paper
          role="menu"
          shadow="md"
          withBorder
          py={4}
          style={{
            width: TAG_CONTEXT_MENU_WIDTH_PX,
            position: 'fixed',
            left: menu.x,
            top: menu.y,
            zIndex: 3000,
          }}
        >
          <ContextMenuItem label={messages.tags.refresh} onClick={() => refresh(menu.view)} />
          {!menu.view.affix && (
            <ContextMenuItem label={messages.tags.closeCurrent} onClick={() => closeView(menu.view)} />
          )}
          <ContextMenuItem label={messages.tags.closeOthers} onClick={() => closeOthers(menu.view)} />
        </Paper>
      )}
    </Box>
  );
}

function ContextMenuItem({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <UnstyledButton role="menuitem" display="block" w="100%" px="sm" py={4} fz="xs" onClick={onClick}>
      {label}
    </UnstyledButton>
  );
}
