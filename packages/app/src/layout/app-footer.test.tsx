import type { BrandManifest } from '@tender/brand';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../test/render';
import { AppFooter } from './app-footer';

const brand: BrandManifest = {
  id: 'sample',
  name: '示例招标网',
  title: '示例招标网',
  colors: { primary: '#1d5fd1', themeChoices: ['#1d5fd1'] },
  flags: { analysis: true, export: true, payment: true, newDemandMode: false },
  interfaceVersion: 20,
  registerType: 50,
  legal: {
    termsUrl: 'https://sample.example/terms.html',
    privacyUrl: 'https://sample.example/privacy.html',
    clauseName: '示例用户服务协议',
    privacyPolicyVersion: '2026-11-01',
  },
  footer: {
    text: '示例信息科技有限公司',
    caseNumber: '京ICP备2023012345号-1',
    publicSecurityNumber: '京公网安备11010802012345号',
    telecomLicense: '京B2-20201234',
  },
};

async function show(manifest: BrandManifest) {
  return renderWithRouter(<AppFooter brand={manifest} />, { path: '/', paths: ['/'] });
}

describe('AppFooter (filing numbers)', () => {
  it('links the 公安备案号 to the MPS filing search by its digits', async () => {
    await show(brand);
    const link = screen.getByRole('link', { name: '京公网安备11010802012345号' });
    expect(link).toHaveAttribute('href', 'https://beian.mps.gov.cn/#/query/webSearch?code=11010802012345');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the telecom licence with its name, and the ICP number linked to the MIIT search', async () => {
    await show(brand);
    expect(screen.getByText('增值电信业务经营许可证：京B2-20201234')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '京ICP备2023012345号-1' })).toHaveAttribute(
      'href',
      'https://beian.miit.gov.cn/',
    );
  });

  it('shows neither when the brand has none', async () => {
    await show({ ...brand, footer: { text: brand.footer.text, caseNumber: brand.footer.caseNumber } });
    expect(screen.queryByText(/公网安备/)).not.toBeInTheDocument();
    expect(screen.queryByText(/增值电信业务经营许可证/)).not.toBeInTheDocument();
  });
});
