import { describe, expect, it } from 'vitest';
import type { BrandManifest } from './brand-manifest';
import { BrandManifestError, defineBrand } from './define-brand';
import { exampleManifest } from './example-manifest.fixture';

/** A copy of the example manifest with some fields replaced, typed loosely so tests can break it. */
function brokenManifest(changes: Record<string, unknown>): BrandManifest {
  return { ...exampleManifest, ...changes } as BrandManifest;
}

function definitionError(manifest: BrandManifest): BrandManifestError {
  try {
    defineBrand(manifest);
  } catch (error) {
    if (error instanceof BrandManifestError) return error;
    throw error;
  }
  throw new Error('defineBrand accepted an invalid manifest');
}

describe('defineBrand', () => {
  it('returns the validated manifest', () => {
    expect(defineBrand(exampleManifest)).toEqual(exampleManifest);
  });

  it('freezes the manifest all the way down', () => {
    const brand = defineBrand(exampleManifest);
    expect(Object.isFrozen(brand)).toBe(true);
    expect(Object.isFrozen(brand.colors)).toBe(true);
    expect(Object.isFrozen(brand.colors.themeChoices)).toBe(true);
    expect(Object.isFrozen(brand.flags)).toBe(true);
    expect(Object.isFrozen(brand.legal)).toBe(true);
    expect(Object.isFrozen(brand.footer)).toBe(true);
  });

  it('does not freeze the object it was given', () => {
    const manifest = structuredClone(exampleManifest);
    defineBrand(manifest);
    expect(Object.isFrozen(manifest)).toBe(false);
  });

  it('accepts a manifest without a support phone and with customer-service images', () => {
    const { supportPhone: _omitted, ...withoutPhone } = exampleManifest;
    const brand = defineBrand({
      ...withoutPhone,
      customerService: { image: '/customer-service.png', wechatImage: '/customer-wechat.png' },
    });
    expect(brand.supportPhone).toBeUndefined();
    expect(brand.customerService?.wechatImage).toBe('/customer-wechat.png');
  });

  it('accepts the public-security filing number and the telecom licence in the footer', () => {
    const brand = defineBrand({
      ...exampleManifest,
      footer: {
        ...exampleManifest.footer,
        publicSecurityNumber: '京公网安备11010802012345号',
        telecomLicense: '京B2-20201234',
      },
    });
    expect(brand.footer.publicSecurityNumber).toBe('京公网安备11010802012345号');
    expect(brand.footer.telecomLicense).toBe('京B2-20201234');
  });

  it.each([
    ['id', { id: 'Portal' }],
    ['name', { name: '  ' }],
    ['colors.primary', { colors: { primary: 'blue', themeChoices: ['blue'] } }],
    ['colors.themeChoices', { colors: { primary: '#1d5fd1', themeChoices: ['#0e7480', '#1d5fd1'] } }],
    ['colors.themeChoices', { colors: { primary: '#1d5fd1', themeChoices: ['#1d5fd1', '#1D5FD1'] } }],
    ['colors.themeChoices[1]', { colors: { primary: '#1d5fd1', themeChoices: ['#1d5fd1', '#fff'] } }],
    ['flags.payment', { flags: { analysis: true, export: true, newDemandMode: false } }],
    ['flags.export', { flags: { ...exampleManifest.flags, export: 'yes' } }],
    ['interfaceVersion', { interfaceVersion: 21 }],
    ['registerType', { registerType: 51 }],
    ['legal.termsUrl', { legal: { ...exampleManifest.legal, termsUrl: 'terms.html' } }],
    ['legal.privacyUrl', { legal: { ...exampleManifest.legal, privacyUrl: 'ftp://sample.example/privacy' } }],
    ['footer.caseNumber', { footer: { ...exampleManifest.footer, caseNumber: 'ICP 2023012345' } }],
    ['legal.privacyPolicyVersion', { legal: { ...exampleManifest.legal, privacyPolicyVersion: undefined } }],
    ['legal.privacyPolicyVersion', { legal: { ...exampleManifest.legal, privacyPolicyVersion: '2026 11' } }],
    [
      'footer.publicSecurityNumber',
      { footer: { ...exampleManifest.footer, publicSecurityNumber: '京公网安备1101080201号' } },
    ],
    ['footer.telecomLicense', { footer: { ...exampleManifest.footer, telecomLicense: 'B2-20201234' } }],
    ['supportPhone', { supportPhone: 'call us' }],
    ['customerService.wechatImage', { customerService: { image: '/a.png' } }],
  ])('rejects a bad %s and names it', (field, changes) => {
    const error = definitionError(brokenManifest(changes));
    expect(error.fields).toContain(field);
    expect(error.message).toContain(`${field}: `);
  });

  it('names unknown fields, so a misspelt key does not pass silently', () => {
    const { flags, ...rest } = exampleManifest;
    const error = definitionError(brokenManifest({ ...rest, flags: undefined, flag: flags }));
    expect(error.fields).toEqual(expect.arrayContaining(['flags', 'flag']));
    expect(error.message).toContain('flag: unknown field');
  });

  it('reports every problem at once and says which brand it is', () => {
    const error = definitionError(brokenManifest({ registerType: 40, interfaceVersion: 18 }));
    expect(error.fields).toEqual(expect.arrayContaining(['registerType', 'interfaceVersion']));
    expect(error.message).toMatch(/^Invalid brand manifest "sample":/);
    expect(error.name).toBe('BrandManifestError');
  });
});
