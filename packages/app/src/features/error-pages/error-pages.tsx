import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { messages } from '../../messages';

function ErrorPage({ code, text }: { code: string; text: string }) {
  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm">
        <Title order={1} c="var(--mantine-primary-color-filled)" fz={64}>
          {code}
        </Title>
        <Text>{text}</Text>
        <Button component={Link} to="/" variant="light">
          {messages.errorPages.backHome}
        </Button>
      </Stack>
    </Center>
  );
}

/** spec §2 /404. */
export function NotFoundScreen() {
  return <ErrorPage code="404" text={messages.errorPages.notFound} />;
}

/** spec §2 /401. */
export function UnauthorizedScreen() {
  return <ErrorPage code="401" text={messages.errorPages.unauthorized} />;
}
