import { MantineProvider } from '@mantine/core';
import { type BrandManifest, defineBrand } from '@tender/brand';
import { createBrandTheme } from '@tender/brand/theme';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BrandStartPage, icpFilingSearchUrl } from './brand-start-page';
import { messages } from './messages';

const manifest = defineBrand({
  id: 'sample',
  name: '示例招标网',
  title: '示例招标网 - 招投标信息服务平台',
  colors: { primary: '#1d5fd1', themeChoices: ['#1d5fd1'] },
  flags: { analysis: true, export: true, payment: true, newDemandMode: false },
  interfaceVersion: 20,
  registerType: 50,
  legal: {
    termsUrl: 'https://www.sample.example/agreement/terms',
    privacyUrl: 'https://www.sample.example/agreement/privacy',
    clauseName: '示例招标网用户服务协议',
  },
  footer: { text: 'Copyright © 2025 示例信息科技有限公司 版权所有', caseNumber: '京ICP备2023012345号-1' },
});

function renderPage(brand: BrandManifest): string {
  return renderToStaticMarkup(
    createElement(
      MantineProvider,
      { theme: createBrandTheme(brand) },
      createElement(BrandStartPage, { manifest: brand }),
    ),
  );
}

/** The opening tag and text of the first link with the given text, or undefined. */
function link(html: string, text: string): { tag: string } | undefined {
  const match = [...html.matchAll(/(<a\b[^>]*>)([^<]*)<\/a>/g)].find(([, , linkText]) => linkText === text);
  return match?.[1] === undefined ? undefined : { tag: match[1] };
}

describe('BrandStartPage', () => {
  const html = renderPage(manifest);

  it('shows the brand name as the page heading and says the service is starting', () => {
    expect(html).toMatch(/<header\b[^>]*>.*<h1\b[^>]*>示例招标网<\/h1>.*<\/header>/);
    expect(html).toMatch(new RegExp(`<main\\b[^>]*>.*${messages.startPage.comingSoon}.*</main>`));
  });

  it('colours the heading with the brand primary colour', () => {
    expect(html).toMatch(/<h1\b[^>]*var\(--mantine-primary-color-filled\)[^>]*>/);
  });

  it('shows the footer text and links the ICP number to the MIIT filing search', () => {
    expect(html).toContain(manifest.footer.text);
    expect(link(html, manifest.footer.caseNumber)?.tag).toContain(`href="${icpFilingSearchUrl}"`);
    expect(icpFilingSearchUrl).toBe('https://beian.miit.gov.cn/');
  });

  it('links the user agreement and the privacy policy from the manifest, in a new tab', () => {
    const terms = link(html, messages.footer.terms(manifest.legal.clauseName));
    const privacy = link(html, messages.footer.privacy);
    expect(terms?.tag).toContain(`href="${manifest.legal.termsUrl}"`);
    expect(privacy?.tag).toContain(`href="${manifest.legal.privacyUrl}"`);
    for (const tag of [terms?.tag, privacy?.tag]) {
      expect(tag).toContain('target="_blank"');
      expect(tag).toContain('rel="noopener noreferrer"');
    }
  });
});
