import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { BrandManifest } from '@tender/brand';
import { messages } from './messages';

/** The MIIT filing search every ICP number in a footer must link to. */
export const icpFilingSearchUrl = 'https://beian.miit.gov.cn/';

function BrandFooter({ manifest }: { manifest: BrandManifest }) {
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <Box
      component="footer"
      py="md"
      bg="gray.0"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Stack gap={4} align="center">
        <Group gap="md" justify="center">
          <Anchor href={manifest.legal.termsUrl} size="sm" {...external}>
            {messages.footer.terms(manifest.legal.clauseName)}
          </Anchor>
          <Anchor href={manifest.legal.privacyUrl} size="sm" {...external}>
            {messages.footer.privacy}
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          {manifest.footer.text}
        </Text>
        <Anchor
          href={icpFilingSearchUrl}
          title={messages.footer.caseNumberTitle}
          size="xs"
          c="dimmed"
          {...external}
        >
          {manifest.footer.caseNumber}
        </Anchor>
      </Stack>
    </Box>
  );
}

/** What a brand shows until the app shell exists: its name, a notice and the real footer. */
export function BrandStartPage({ manifest }: { manifest: BrandManifest }) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Title order={1} size="h3" c="var(--mantine-primary-color-filled)">
            {manifest.name}
          </Title>
        </Container>
      </Box>
      <Container component="main" size="lg" py="xl" w="100%" style={{ flex: 1 }}>
        <Text size="lg">{messages.startPage.comingSoon}</Text>
      </Container>
      <BrandFooter manifest={manifest} />
    </Box>
  );
}
