import { Button, Paper, Stack, Title } from '@mantine/core';
import type { ItemType } from '@tender/contracts';
import { useConfirmDialog } from '@tender/ui-kit';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../companies/data-state';
import { useKeptAnswer } from '../search/use-kept-answer';
import { EmptyList, ItemSummaryRow, PagedItems, TypeTabs } from './item-summary-list';
import { messages } from './messages';
import { succeeded, useItemList } from './use-item-list';

const t = messages.focus;

/** 我的关注 (/myFocus): the items the member follows, newest follow first, by type, with unfollow. */
export function MyFocusScreen() {
  const { api } = useAppServices();
  const list = useItemList((request, options) => api.collectionList(request, options));
  const { confirm, dialog } = useConfirmDialog();
  const answer = useKeptAnswer(list.state);

  const unfollow = async (item: { id: number; type: ItemType }, lastOfPage: boolean) => {
    if (!(await confirm({ kind: 'operation', message: t.confirmUnfollow }))) return;
    if (await succeeded(api.delCollection({ id: item.id, type: item.type }))) list.refresh(lastOfPage);
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t.title}
      </Title>
      <Paper withBorder p="md" component="section" aria-label={t.list}>
        {list.typeCounts.length > 0 && (
          <TypeTabs value={list.type} onChange={list.chooseType} counts={list.typeCounts} />
        )}
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
                  <li key={item.id}>
                    <ItemSummaryRow
                      item={item}
                      when={t.collectedAt(item.collectedAt)}
                      action={
                        <Button
                          size="xs"
                          variant="subtle"
                          aria-label={t.unfollowNamed(item.title)}
                          onClick={() => unfollow(item, answer.records.length === 1)}
                        >
                          {t.unfollow}
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
