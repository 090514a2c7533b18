import { Paper, Text, Title } from '@mantine/core';
import { useMatches } from '@tanstack/react-router';
import { messages } from '../../messages';

/** What a server menu route shows until its screen is built: its title and an honest notice. */
export function UnderConstructionScreen() {
  const title = useMatches({ select: (matches) => matches.at(-1)?.staticData.title });
  return (
    <Paper withBorder p="xl" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Text c="dimmed">{messages.underConstruction.notice}</Text>
    </Paper>
  );
}
