import { describe, expect, it } from 'vitest';
import { amountView, maskContactsInText, maskName, regionView } from './present';
import { attachmentDisposition } from './routes';
import { documentFileName } from './service';

describe('amountView', () => {
  it('shows fen as 元 exactly and as 万元 (grouped, 亿元 from 10,000 万元) rounded to two decimals', () => {
    expect(amountView(40_000_000, '400,000.00元')).toEqual({
      fen: 40_000_000,
      yuan: 400_000,
      yuanText: '400000元',
      wanYuan: 40,
      wanYuanText: '40万元',
      raw: '400,000.00元',
    });
    expect(amountView(31_470_050, null)).toMatchObject({ yuanText: '314700.5元', wanYuanText: '31.47万元' });
    expect(amountView(9_457_000_000, null)?.wanYuanText).toBe('9,457万元');
    // 亿元 from 10,000 万元 on (the shared formatter of every list, chart and export)
    expect(amountView(47_515_816_300_00, null)?.wanYuanText).toBe('475.16亿元');
    expect(amountView(0, null)?.wanYuanText).toBe('0万元');
    // too small for two decimals of 万元: exact rather than '0万元'
    expect(amountView(4000, null)).toMatchObject({ yuanText: '40元', wanYuanText: '0.004万元' });
    expect(amountView(null, '面议')).toBeNull();
  });
});

describe('regionView', () => {
  it('names the levels and leaves out a municipality city that repeats the province', () => {
    expect(regionView('440000', '440300', '440305')).toEqual({
      provinceName: '广东省',
      cityName: '深圳市',
      districtName: '南山区',
      regionText: '广东省 深圳市 南山区',
    });
    expect(regionView('110000', '110100', '110108').regionText).toBe('北京市 海淀区');
    expect(regionView(null, null, null).regionText).toBe('');
  });
});

describe('maskContactsInText', () => {
  it('masks the parties’ contacts and any other phone number, and nothing else', () => {
    const text = [
      '项目编号：2025-370103-47-01-283793',
      '预算金额：400,000.00元（¥1,100,000.00），合同金额 13800000000000 元以内',
      '联系方式：戴明 18317892820',
      '代理机构：毛工 0311-8371128',
      '监督电话：020－87654321；服务热线 400-800-1234',
    ].join('\n');
    const masked = maskContactsInText(text, [{ contactName: '戴明', contactPhone: '18317892820' }]);
    expect(masked).toBe(
      [
        '项目编号：2025-370103-47-01-283793',
        '预算金额：400,000.00元（¥1,100,000.00），合同金额 13800000000000 元以内',
        '联系方式：戴* 183****2820',
        '代理机构：毛工 031****1128',
        '监督电话：020****4321；服务热线 400****1234',
      ].join('\n'),
    );
  });

  it('masks a phone the parties write differently from the text', () => {
    expect(
      maskContactsInText('电话：0755 2688 1234', [{ contactName: null, contactPhone: '0755 2688 1234' }]),
    ).toBe('电话：075****1234');
  });

  it('keeps the family name of a contact', () => {
    expect(maskName('王先生')).toBe('王**');
    expect(maskName('李')).toBe('李*');
    expect(maskName(null)).toBeNull();
  });
});

describe('the downloaded file', () => {
  it('gets the title as its name, without what file systems refuse', () => {
    expect(documentFileName('关于A/B楼（一期）维修工程的招标公告')).toBe(
      '关于A B楼（一期）维修工程的招标公告.txt',
    );
    expect(documentFileName('  *?  ')).toBe('公告.txt');
    expect([...documentFileName('长'.repeat(200))]).toHaveLength(84);
  });

  it('names it in RFC 5987 form beside an ASCII fallback', () => {
    expect(attachmentDisposition("招标公告(1)'s*.txt", 'tender-7.txt')).toBe(
      `attachment; filename="tender-7.txt"; filename*=UTF-8''${encodeURIComponent('招标公告')}%281%29%27s%2A.txt`,
    );
  });
});
