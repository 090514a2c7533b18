import { Box, CloseButton, Group, Paper, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { TAG_CONTEXT_MENU_WIDTH_PX, type VisitedView } from '@tender/domain';
import { useEffect, useState } from 'react';
import { messages } from '../messages';
import { useTagsViewStore } from '../stores/tags-view-store';

interface ContextMenuState {
  view: VisitedView;
  x: number;
  y: number;
}

/**
 * spec §2 tags bar: the visited views; a context menu (width 105) with 刷新, 关闭当前 (not for pinned tabs) and
 * 关闭其他; the close icon only when more than one tab is open.
 */
export function TagsBar({ pathname }: { pathname: string }) {
  const navigate = useNavigate();
  const visitedViews = useTagsViewStore((state) => state.visitedViews);
  const [menu, setMenu] = useState<ContextMenuState>();

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(undefined);
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [menu]);

  const closeView = (view: VisitedView) => {
    useTagsViewStore.getState().delView(view);
    if (view.path !== pathname) return;
    const last = useTagsViewStore.getState().visitedViews.at(-1);
    void navigate({ to: last?.path ?? '/' });
  };

  const closeOthers = (view: VisitedView) => {
    useTagsViewStore.getState().delOthersViews(view);
    if (view.path !== pathname) void navigate({ to: view.path });
  };

  const refresh = (view: VisitedView) => void navigate({ to: `/redirect${view.path}` });

  const closable = visitedViews.length > 1;
  return (
    <Box
      role="tablist"
      aria-label="已打开的页面"
      px="sm"
      py={4}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap={6} wrap="nowrap" style={{ overflowX: 'auto' }}>
        {visitedViews.map((view) => {
          const active = view.path === pathname;
          return (
            <Group
              key={view.path}
              role="tab"
              aria-selected={active}
              data-path={view.path}
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
              <UnstyledButton fz="xs" c="inherit" onClick={() => void navigate({ to: view.path })}>
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
