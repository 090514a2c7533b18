import { Button, Stack, Title } from '@mantine/core';
import type { ItemType } from '@tender/contracts';
import { useConfirmDialog } from '@tender/ui-kit';
import { useAppServices } from '../../shell/app-context';
import { ItemListSection } from './item-summary-list';
import { messages } from './messages';
import { succeeded, useItemList } from './use-item-list';

const t = messages.focus;

/** 我的关注 (/myFocus): the items the member follows, newest follow first, by type, with unfollow. */
export function MyFocusScreen() {
  const { api } = useAppServices();
  const list = useItemList((request, options) => api.collectionList(request, options));
  const { confirm, dialog } = useConfirmDialog();

  const unfollow = async (item: { id: number; type: ItemType }, lastOfPage: boolean) => {
    if (!(await confirm({ kind: 'operation', message: t.confirmUnfollow }))) return;
    if (await succeeded(api.delCollection({ id: item.id, type: item.type }))) list.refresh(lastOfPage);
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t.title}
      </Title>
      <ItemListSection
        label={t.list}
        list={list}
        empty={{ title: t.empty, hint: t.emptyHint }}
        rowKey={(item) => item.id}
        when={(item) => t.collectedAt(item.collectedAt)}
        action={(item, lastOfPage) => (
          <Button
            size="xs"
            variant="subtle"
            aria-label={t.unfollowNamed(item.title)}
            onClick={() => unfollow(item, lastOfPage)}
          >
            {t.unfollow}
          </Button>
        )}
      />
      {dialog}
    </Stack>
  );
}
