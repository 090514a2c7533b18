import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { messages } from '../messages';
import { CHUNK_ALREADY_RELOADED_MESSAGE } from './chunk-reload';

/**
 * The router's `defaultErrorComponent`: a screen that fails to render (or whose chunk cannot load even after the
 * one reload) shows this Chinese page inside the layout, never the router's English default. 重试 renders the
 * route again (a missing chunk needs a fresh page, so it reloads); 返回首页 goes to the landing page.
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const chunkMissing = error instanceof Error && error.message === CHUNK_ALREADY_RELOADED_MESSAGE;
  const retry = () => {
    if (chunkMissing) {
      location.reload();
      return;
    }
    reset();
    void router.invalidate();
  };
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" role="alert">
        <Title order={1} size="h3">
          {messages.errorPages.renderFailed}
        </Title>
        <Text c="dimmed" ta="center">
          {chunkMissing ? CHUNK_ALREADY_RELOADED_MESSAGE : messages.errorPages.renderFailedHint}
        </Text>
        <Group gap="sm">
          <Button onClick={retry}>{messages.errorPages.retry}</Button>
          <Button component={Link} to="/" variant="default">
            {messages.errorPages.backHome}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
