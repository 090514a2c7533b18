import { describe, expect, it } from 'vitest';
import { provinceOfAreaCode } from './area-codes';
import { regionOfContacts } from './region';

describe('provinceOfAreaCode', () => {
  it('reads three-digit codes whole and four-digit ones by their block', () => {
    expect(provinceOfAreaCode('023')).toBe('500000');
    expect(provinceOfAreaCode('0571')).toBe('330000');
    expect(provinceOfAreaCode('0335')).toBe('130000');
    expect(provinceOfAreaCode('0898')).toBe('460000');
    expect(provinceOfAreaCode('0891')).toBe('540000');
    expect(provinceOfAreaCode('0736')).toBe('430000');
    expect(provinceOfAreaCode('0000')).toBeNull();
  });
});

describe('regionOfContacts', () => {
  const landline = (areaCode: string) => ({
    type: 'landline' as const,
    number: `${areaCode}-1234567`,
    areaCode,
    extension: null,
  });
  it("takes the buyer's landline over an agency's from another province", () => {
    const region = regionOfContacts([
      { role: 'agency', name: null, phones: [landline('0571')] },
      { role: 'purchaser', name: null, phones: [landline('0898')] },
    ]);
    expect(region?.provinceCode).toBe('460000');
    expect(regionOfContacts([{ role: 'agency', name: null, phones: [landline('0571')] }])?.provinceCode).toBe(
      '330000',
    );
    expect(regionOfContacts(null)).toBeNull();
  });
});
