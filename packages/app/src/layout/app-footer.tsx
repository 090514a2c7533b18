import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import type { BrandManifest } from '@tender/brand';
import { messages } from '../messages';

/** The MIIT filing search every ICP number in a footer must link to. */
export const icpFilingSearchUrl = 'https://beian.miit.gov.cn/';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The brand's footer: terms and privacy links, the footer text and the ICP case number (spec §1). */
export function AppFooter({
  brand,
  footerText = brand.footer.text,
  caseNumber = brand.footer.caseNumber,
}: {
  brand: BrandManifest;
  footerText?: string;
  caseNumber?: string;
}) {
  return (
    <Box component="footer" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Stack gap={2} align="center">
        <Group gap="md" justify="center">
          <Anchor href={brand.legal.termsUrl} size="xs" {...external}>
            {messages.footer.terms(brand.legal.clauseName)}
          </Anchor>
          <Anchor href={brand.legal.privacyUrl} size="xs" {...external}>
            {messages.footer.privacy}
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          {footerText}
        </Text>
        <Anchor
          href={icpFilingSearchUrl}
          title={messages.footer.caseNumberTitle}
          size="xs"
          c="dimmed"
          {...external}
        >
          {caseNumber}
        </Anchor>
      </Stack>
    </Box>
  );
}
