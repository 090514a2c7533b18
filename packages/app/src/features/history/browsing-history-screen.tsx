import { Button, Group, Stack, Title } from '@mantine/core';
import { useConfirmDialog } from '@tender/ui-kit';
import { useAppServices } from '../../shell/app-context';
import { ItemListSection } from './item-summary-list';
import { messages } from './messages';
import { succeeded, useItemList } from './use-item-list';

const t = messages.browsing;

/** spec §2 /BrowsingHistory (我的浏览历史): the items the member viewed, newest first, by type, with delete. */
export function BrowsingHistoryScreen() {
  const { api } = useAppServices();
  const list = useItemList((request, options) => api.browseHistoryList(request, options));
  const { confirm, dialog } = useConfirmDialog();

  const remove = async (id: number, lastOfPage: boolean) => {
    if (!(await confirm({ kind: 'operation', message: t.confirmRemove }))) return;
    if (await succeeded(api.delBrowseHistory({ id }))) list.refresh(lastOfPage);
  };
  const clear = async () => {
    if (!(await confirm({ kind: 'operation', message: t.confirmClear }))) return;
    if (!(await succeeded(api.delBrowseHistory({})))) return;
    list.chooseType('all');
    list.refresh();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t.title}
        </Title>
        {list.typeCounts.length > 0 && (
          <Button variant="default" size="xs" onClick={clear}>
            {t.clear}
          </Button>
        )}
      </Group>
      <ItemListSection
        label={t.list}
        list={list}
        empty={{ title: t.empty, hint: t.emptyHint }}
        rowKey={(item) => `${item.id}-${item.browseDate}`}
        when={(item) => t.browsedAt(item.browsedAt, item.views)}
        action={(item, lastOfPage) => (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={t.removeNamed(item.title)}
            onClick={() => remove(item.id, lastOfPage)}
          >
            {t.remove}
          </Button>
        )}
      />
      {dialog}
    </Stack>
  );
}
