import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages } from '../messages';
import type { GatedData } from './use-gated-data';

export interface DataStateProps<T> {
  state: GatedData<T> & { reload(): void };
  /** What the area shows once the data is there. */
  children(data: T): ReactNode;
}

/** The loading, refused and error outcomes of a screen area's call, each saying what to do next. */
export function DataState<T>({ state, children }: DataStateProps<T>) {
  if (state.status === 'ready') return <>{children(state.data)}</>;
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'refused') {
    return (
      <Alert color="yellow" role="alert">
        {state.refusal.feature
          ? messages.dataState.featureHidden(state.message)
          : messages.dataState.refused(state.message)}
      </Alert>
    );
  }
  return <LoadFailed message={state.message} onRetry={state.reload} />;
}

/** A call under way: 正在加载…, announced politely to screen readers. */
export function LoadingState() {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="xs">
        <Loader size="sm" />
        <Text c="dimmed">{messages.dataState.loading}</Text>
      </Group>
    </Center>
  );
}

/** A call that failed: the reason the api-client gave, and 重试. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between">
        <Text size="sm">{messages.dataState.failed(message)}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {messages.dataState.retry}
        </Button>
      </Group>
    </Alert>
  );
}
