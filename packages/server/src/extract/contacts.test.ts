import { describe, expect, it } from 'vitest';
import { extractContacts, parsePhones } from './contacts';

describe('parsePhones', () => {
  it('reads mobiles and landlines with area code and extension', () => {
    expect(parsePhones('0571-85127766转8012、13857112468')).toEqual([
      { type: 'landline', number: '0571-85127766', areaCode: '0571', extension: '8012' },
      { type: 'mobile', number: '13857112468', areaCode: null, extension: null },
    ]);
    expect(parsePhones('（010）62251234-8021')).toEqual([
      { type: 'landline', number: '010-62251234', areaCode: '010', extension: '8021' },
    ]);
    expect(parsePhones('138 0571 1234；+86 139-1234-5678')).toEqual([
      { type: 'mobile', number: '13805711234', areaCode: null, extension: null },
      { type: 'mobile', number: '13912345678', areaCode: null, extension: null },
    ]);
    // Codes that start 01 or 02 have three digits, the others four, written together or apart.
    expect(parsePhones('02349891783、07367373188').map((phone) => phone.number)).toEqual([
      '023-49891783',
      '0736-7373188',
    ]);
    expect(parsePhones('400-820-1234')).toEqual([
      { type: 'landline', number: '400-820-1234', areaCode: null, extension: null },
    ]);
  });

  it('gives a bare number the area code of the number before it', () => {
    expect(parsePhones('0571-85123456、85123457')).toEqual([
      { type: 'landline', number: '0571-85123456', areaCode: '0571', extension: null },
      { type: 'landline', number: '0571-85123457', areaCode: '0571', extension: null },
    ]);
    expect(parsePhones('85123456')).toEqual([
      { type: 'landline', number: '85123456', areaCode: null, extension: null },
    ]);
    expect(parsePhones('85123456', false)).toEqual([]);
  });

  it('drops masked numbers whole instead of reading a shorter number out of them', () => {
    expect(parsePhones('138****5678')).toEqual([]);
    expect(parsePhones('0871-6****321')).toEqual([]);
    expect(parsePhones('0351-7******')).toEqual([]);
    expect(parsePhones('0571-8512XXXX，0571-85127766')).toEqual([
      { type: 'landline', number: '0571-85127766', areaCode: '0571', extension: null },
    ]);
  });
});

describe('extractContacts', () => {
  it('reads one contact per section, fax lines left out', () => {
    const text = [
      '1.采购人信息',
      '名 称：某某中学',
      '联系方式：王先生 0571-56005600',
      '传 真：0571-56005601',
      '2.采购代理机构信息',
      '名 称：某某招标有限公司',
      '联系人：李工',
      '电话：13805711234',
    ].join('\n');
    expect(extractContacts(text)).toEqual([
      {
        role: 'purchaser',
        name: '王先生',
        phones: [{ type: 'landline', number: '0571-56005600', areaCode: '0571', extension: null }],
      },
      {
        role: 'agency',
        name: '李工',
        phones: [{ type: 'mobile', number: '13805711234', areaCode: null, extension: null }],
      },
    ]);
  });

  it('splits a side-by-side contact table into purchaser and agency', () => {
    const text = [
      '招标人：甲公司\t招标代理机构：乙公司',
      '联系人：张工\t联系人：刘工',
      '电话：0791-1234567\t电话：13907912345',
    ].join('\n');
    expect(
      extractContacts(text)?.map((contact) => [contact.role, contact.name, contact.phones.length]),
    ).toEqual([
      ['purchaser', '张工', 1],
      ['agency', '刘工', 1],
    ]);
  });

  it('gives null when there is no person and no phone', () => {
    expect(extractContacts('1.采购人信息\n名称：某某局\n联系方式：(略)')).toBeNull();
    expect(extractContacts('')).toBeNull();
  });
});
