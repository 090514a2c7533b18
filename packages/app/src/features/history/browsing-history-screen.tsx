import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useConfirmDialog } from '@tender/ui-kit';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../companies/data-state';
import { useKeptAnswer } from '../search/use-kept-answer';
import { EmptyList, ItemSummaryRow, PagedItems, TypeTabs } from './item-summary-list';
import { messages } from './messages';
import { succeeded, useItemList } from './use-item-list';

const t = messages.browsing;

/** spec §2 /BrowsingHistory (我的浏览历史): the items the member viewed, newest first, by type, with delete. */
export function BrowsingHistoryScreen() {
  const { api } = useAppServices();
  const list = useItemList((request, options) => api.browseHistoryList(request, options));
  const { confirm, dialog } = useConfirmDialog();
  const answer = useKeptAnswer(list.state);

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
  const hasRows = list.typeCounts.length > 0;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t.title}
        </Title>
        {hasRows && (
          <Button variant="default" size="xs" onClick={clear}>
            {t.clear}
          </Button>
        )}
      </Group>
      <Paper withBorder p="md" component="section" aria-label={t.list}>
        {hasRows && <TypeTabs value={list.type} onChange={list.chooseType} counts={list.typeCounts} />}
        <Stack mt="sm">
          {answer ? (
            answer.records.length === 0 ? (
              <EmptyList title={t.empty} hint={t.emptyHint} />
            ) : (
              <PagedItems
                label={t.list}
                total={answer.total}
                page={list.page}
                onPage={list.setPage}
                loading={list.state.status === 'loading'}
              >
                {answer.records.map((item) => (
                  <li key={`${item.id}-${item.browseDate}`}>
                    <ItemSummaryRow
                      item={item}
                      when={t.browsedAt(item.browsedAt, item.views)}
                      action={
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={t.removeNamed(item.title)}
                          onClick={() => remove(item.id, answer.records.length === 1)}
                        >
                          {t.remove}
                        </Button>
                      }
                    />
                  </li>
                ))}
              </PagedItems>
            )
          ) : (
            <DataState state={list.state}>{() => null}</DataState>
          )}
        </Stack>
      </Paper>
      {dialog}
    </Stack>
  );
}
