import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import type { BrandManifest } from '@tender/brand';
import { messages } from '../messages';

/** The MIIT filing search every ICP number in a footer must link to. */
export const icpFilingSearchUrl = 'https://beian.miit.gov.cn/';

/** The MPS filing search for a 公安备案号: the number's digits are its `code`. */
export function publicSecuritySearchUrl(publicSecurityNumber: string): string {
  return `https://beian.mps.gov.cn/#/query/webSearch?code=${publicSecurityNumber.replace(/\D/g, '')}`;
}

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * The brand's footer: terms and privacy links, the footer text, the ICP case number (spec §1), and the
 * 公安备案号 and 增值电信业务经营许可证 when the brand has them.
 */
export function AppFooter({
  brand,
  footerText = brand.footer.text,
  caseNumber = brand.footer.caseNumber,
}: {
  brand: BrandManifest;
  footerText?: string;
  caseNumber?: string;
}) {
  const { publicSecurityNumber, telecomLicense } = brand.footer;
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
        {(publicSecurityNumber || telecomLicense) && (
          <Group gap="md" justify="center">
            {publicSecurityNumber && (
              <Anchor
                href={publicSecuritySearchUrl(publicSecurityNumber)}
                title={messages.footer.publicSecurityTitle}
                size="xs"
                c="dimmed"
                {...external}
              >
                {publicSecurityNumber}
              </Anchor>
            )}
            {telecomLicense && (
              <Text size="xs" c="dimmed">
                {messages.footer.telecomLicense(telecomLicense)}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Box>
  );
}
