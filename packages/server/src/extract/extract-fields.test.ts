import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPROVAL_STAGES } from '../catalog/approval-stages';
import { areaCatalog } from '../catalog/area-catalog';
import { DOCUMENT_TYPES } from '../catalog/document-types';
import { readFixtures } from './accuracy';
import { extractFields } from './extract-fields';
import type { ExtractedFields } from './types';

const fixtures = readFixtures(join(import.meta.dirname, 'fixtures'));
const byName = (prefix: string) => {
  const fixture = fixtures.find((candidate) => candidate.name.startsWith(prefix));
  if (!fixture) throw new Error(`no fixture ${prefix}`);
  return fixture;
};

const FIELD_KEYS: (keyof ExtractedFields)[] = [
  'title',
  'announcementType',
  'procurementMethod',
  'projectName',
  'projectCode',
  'budget',
  'ceilingPrice',
  'purchaser',
  'agency',
  'contacts',
  'deadlines',
  'winners',
  'region',
  'approval',
];

describe('extractFields on the fixture notices', () => {
  it('has at least 20 notices, text and HTML, covering every announcement type and procurement method', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(20);
    expect(fixtures.some((fixture) => fixture.file.endsWith('.html'))).toBe(true);
    expect(fixtures.some((fixture) => fixture.file.endsWith('.txt'))).toBe(true);
    const types = new Set(fixtures.map((fixture) => fixture.expected.announcementType));
    expect([...types].sort()).toEqual(['bg', 'jg', 'nj', 'sp', 'yg', 'yx', 'zb']);
    const methods = new Set(fixtures.map((fixture) => fixture.expected.procurementMethod).filter(Boolean));
    expect([...methods].sort()).toEqual(['cs', 'dy', 'gk', 'tp', 'xj', 'yq']);
    // Several lots in one result.
    expect(fixtures.some((fixture) => (fixture.expected.winners?.length ?? 0) >= 3)).toBe(true);
  });

  it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))(
    '%s: every field as expected',
    (_, fixture) => {
      expect(Object.keys(fixture.expected).sort()).toEqual([...FIELD_KEYS].sort());
      expect(extractFields(fixture.input)).toEqual(fixture.expected);
    },
  );

  it('gives null for every masked value, never the mask or part of it', () => {
    const masked = extractFields(byName('16-').input);
    expect(masked).toMatchObject({
      projectCode: null,
      budget: null,
      ceilingPrice: null,
      purchaser: null,
      agency: null,
      contacts: null,
    });
    const result = extractFields(byName('17-').input);
    expect(result).toMatchObject({ agency: null, contacts: null, winners: null });
    const partly = extractFields(byName('32-').input);
    expect(partly.budget).toBeNull();
    // The purchaser's masked phone is dropped; the agency's real one stays.
    expect(partly.contacts).toEqual([
      { role: 'agency', name: null, phones: [expect.objectContaining({ number: '0431-85651234' })] },
    ]);
    for (const fields of [masked, result, partly]) {
      expect(JSON.stringify(fields)).not.toMatch(/\*|略|点击查看|详见附件|登录后查看|会员可见/);
    }
  });

  it('speaks the catalog: document-type, method and approval-stage codes, GB/T 2260 regions', () => {
    const typeCodes = new Set(DOCUMENT_TYPES.map((type) => type.code));
    const methodCodes = new Set(DOCUMENT_TYPES.flatMap((type) => type.children.map((child) => child.code)));
    const stageCodes = new Set(APPROVAL_STAGES.map((stage) => stage.code));
    for (const fixture of fixtures) {
      const fields = extractFields(fixture.input);
      if (fields.announcementType) expect(typeCodes).toContain(fields.announcementType);
      if (fields.procurementMethod) expect(methodCodes).toContain(fields.procurementMethod);
      if (fields.approval?.stage) expect(stageCodes).toContain(fields.approval.stage);
      for (const code of [
        fields.region?.provinceCode,
        fields.region?.cityCode,
        fields.region?.districtCode,
      ]) {
        if (code) expect(areaCatalog().resolveCode(code)).toBe(code);
      }
    }
  });

  it('reads the same fields from a notice as HTML and as the text a browser shows', () => {
    const html = byName('01-').input;
    const asText = html
      .replace(/<(script|style|title)[\s\S]*?<\/\1>/g, '')
      .replace(/<\/(p|tr|h2|div)>/g, '\n')
      .replace(/<\/t[dh]>/g, '\t')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' ');
    const fromHtml = extractFields(html);
    const fromText = extractFields(asText, { format: 'text' });
    expect({ ...fromText, title: null }).toEqual({ ...fromHtml, title: null });
  });

  it('takes a title given apart from the body', () => {
    const body = '项目编号：ABC-2025-001\n预算金额：12万元\n采购人：杭州市上城区教育局';
    expect(extractFields(body)).toMatchObject({ title: null, announcementType: null });
    expect(extractFields(body, { title: '杭州市上城区教育局课桌椅采购项目询价公告' })).toMatchObject({
      title: '杭州市上城区教育局课桌椅采购项目询价公告',
      announcementType: 'zb',
      procurementMethod: 'xj',
      projectName: '杭州市上城区教育局课桌椅采购项目',
      projectCode: 'ABC-2025-001',
      budget: { fen: 12_000_000, unit: '万元', raw: '12万元' },
      region: { provinceCode: '330000', cityCode: '330100', districtCode: '330102' },
    });
  });

  it('reads the project from a title with a repeat tender and the lots appended after it', () => {
    expect(
      extractFields('本次招标为2个标段。', {
        title: '某某水库工程质量检测二次招标公告-检测标,其他标招标公告',
      }),
    ).toMatchObject({ projectName: '某某水库工程质量检测' });
  });
});

describe('extractFields on the parties of a notice', () => {
  it('reads a label cell whose value stands after an empty spacer cell', () => {
    const html =
      '<table><tr><td>招标人</td><td></td><td>宜昌市某某局</td></tr>' +
      '<tr><td>招标代理机构</td><td></td><td>湖北某某项目管理有限公司</td></tr></table>';
    expect(extractFields(html)).toMatchObject({
      purchaser: '宜昌市某某局',
      agency: '湖北某某项目管理有限公司',
    });
  });

  it('takes the signing body for the purchaser when the agency is named in the opening sentence', () => {
    const text =
      '某某招标有限公司对某某学院学生公寓床上用品采购进行了竞争性磋商采购，现将采购结果公告如下：\n成交供应商：某某公司\n某某职业技术学院\n2019-7-10';
    expect(extractFields(text)).toMatchObject({ agency: '某某招标有限公司', purchaser: '某某职业技术学院' });
  });

  it('reads the buyer at the head of a title, not the words of a sentence taken for one', () => {
    expect(
      extractFields('调研内容：食堂餐饮服务', { title: '某某大学附属医院采购食堂餐饮管理服务市场调研公告' })
        .purchaser,
    ).toBe('某某大学附属医院');
    expect(
      extractFields('采购意向如下', { title: '为便于供应商及时了解政府采购信息现将采购意向公开如下' })
        .purchaser,
    ).toBeNull();
  });

  it('reads the buyer written before the project name in a heading, and a numbered heading over its value', () => {
    const text =
      'X局机关食堂管理服务采购项目中标(成交)结果公告\n\n一、项目编号\n\nWHJK-2020-043\n\n三、项目名称\n\n机关食堂管理服务采购项目\n';
    expect(extractFields(text.replace('X局', '某某市住房和城乡建设局'))).toMatchObject({
      purchaser: '某某市住房和城乡建设局',
      projectCode: 'WHJK-2020-043',
      projectName: '机关食堂管理服务采购项目',
    });
    expect(extractFields(text.replace('X局', '******局')).purchaser).toBeNull();
  });

  it("takes an agency's sign-off for the agency when no label names one", () => {
    const text =
      '某某用餐服务项目成交公告\n成交金额(万元):170\n某某国际招标有限公司\n2021年8月31日\n附件:磋商文件\n';
    expect(extractFields(text).agency).toBe('某某国际招标有限公司');
  });

  it('reads the project that is the subject of the opening sentence', () => {
    const text = '经院务会研究通过，某某医院六楼改造项目进行对外招标采购，于2019年1月9日进行投标报名。';
    expect(extractFields(text).projectName).toBe('某某医院六楼改造项目');
  });

  it('reads the province from the body when no field names a place, but not from the winner or the agency', () => {
    const text =
      '车场信息化改造竞争性谈判公告\n一、项目名称：车场信息化改造\n交货地点：辽宁省抚顺市清原满族自治县\n';
    expect(extractFields(text).region?.provinceCode).toBe('210000');
    const award =
      '餐厅托管经营中标公告\n中标单位：山西某某餐饮管理有限公司\n代理机构：北京某某招标有限公司\n';
    expect(extractFields(award).region).toBeNull();
    expect(
      extractFields('某某医院竞价公告\n并于2025年5月6日17:00(北京时间)前提交应答文件。').region,
    ).toBeNull();
  });

  it("takes a 候选人公示's first candidate, from a sentence or with its price written under its rank", () => {
    const sentence = '某某餐厅招标项目中标候选人公示\n评委经评审，推荐某某餐饮管理有限公司为第一中标候选人。';
    expect(extractFields(sentence).winners).toEqual([
      { lot: null, supplier: '某某餐饮管理有限公司', amount: null },
    ]);
    const byColumn =
      '某某工程施工中标公示\n中标单位名称 第一中标候选人：甲建设有限公司 第二中标候选人：乙建设有限公司\n' +
      '中标价 第一中标候选人报价：壹佰万元整（小写：1000000元） 第二中标候选人报价：玖拾万元整（小写：900000元）';
    expect(extractFields(byColumn).winners?.map((w) => [w.supplier, w.amount?.fen])).toEqual([
      ['甲建设有限公司', 100000000],
    ]);
  });

  it('reads winners from a label/value row, a rank in the supplier cell and a sentence that states the result', () => {
    const winner = (text: string) =>
      extractFields(text).winners?.map((w) => [w.supplier, w.amount?.fen ?? null]);
    expect(
      winner('某某工程中标结果公示\n中标人名称\t甲建设有限公司\t中标价（元）\t1234567\n工期\t180日历天'),
    ).toEqual([['甲建设有限公司', 123456700]]);
    expect(
      winner(
        '某某工程中标候选人公示\n中标候选人\t投标报价（元）\n第一名：甲建设有限公司\t1234567\n第二名：乙建设有限公司\t1300000',
      ),
    ).toEqual([['甲建设有限公司', 123456700]]);
    expect(winner('某某项目结果公告\n拟定成交供应商：甲有限公司\n成交金额：1234元')).toEqual([
      ['甲有限公司', 123400],
    ]);
    expect(winner('某某项目中标结果公告\n中标结果：甲有限公司以123.4万元中标。')).toEqual([
      ['甲有限公司', 123400000],
    ]);
    expect(winner('某某项目中标结果公告\n经评标委员会评审，甲有限公司为中标人，中标价为123.4万元。')).toEqual(
      [['甲有限公司', 123400000]],
    );
    // A rule of the tender restated in a result is no winner.
    expect(winner('某某项目成交结果公告\n评审后综合得分最高的供应商为成交供应商。')).toBeUndefined();
  });

  it('reads the bid deadline from the time the bids are handed in, not from a registration deadline', () => {
    const deadline = (line: string) =>
      extractFields(`某某项目竞争性磋商公告\n${line}`).deadlines?.bidDeadline ?? null;
    expect(deadline('递交投标文件时间：2025年3月26日8:30-9:30')).toBe('2025-03-26T09:30:00+08:00');
    expect(deadline('1.投标时间：2019年7月9-11日8：30— 16：00（北京时间），逾期不受理。')).toBe(
      '2019-07-11T16:00:00+08:00',
    );
    expect(deadline('报价时间：2025年3月1日9:00至2025年3月5日17:00止')).toBe('2025-03-05T17:00:00+08:00');
    expect(deadline('请于2025年2月2日下午17:00前将报名资料发送至指定邮箱。')).toBeNull();
    expect(deadline('竞价截止时间：2025年3月5日9时30分')).toBe('2025-03-05T09:30:00+08:00');
    expect(deadline('截标时间：2025年3月5日9时30分')).toBe('2025-03-05T09:30:00+08:00');
    // A page flattened to one line: the numbered item, not the heading it runs after, says what the date is.
    expect(
      deadline(
        '八.竞争性谈判时间和地点： 1、投标文件递交时间：2015年4月17日13时00分至13时30分止。 2、竞争性谈判时间：2015年4月17日13时30分。',
      ),
    ).toBe('2015-04-17T13:30:00+08:00');
  });

  it('reads both parties under one label, and a winners column without a sum', () => {
    const joint = extractFields(
      '某某工程中标结果公告\n招标人/招标代理机构：某某市交通运输局/湖北某某工程咨询有限公司',
    );
    expect([joint.purchaser, joint.agency]).toEqual(['某某市交通运输局', '湖北某某工程咨询有限公司']);
    const table = extractFields(
      '某某工程中标结果公告\n项目名称\t招标人\t代理机构\t中标单位\n某某工程\t某某局\t某某咨询有限公司\t某某建设有限公司',
    );
    expect(table.winners).toEqual([{ lot: null, supplier: '某某建设有限公司', amount: null }]);
    // Every bidder listed without their bids names no winner.
    expect(
      extractFields('某某工程开标记录\n序号\t投标人名称\t备注\n1\t甲有限公司\t\n2\t乙有限公司\t').winners,
    ).toBeNull();
  });

  it('takes a budget stated per lot as the lots together, and a stated total as it stands', () => {
    const budget = (line: string) => extractFields(`某某项目公开招标公告\n${line}`).budget?.fen ?? null;
    expect(budget('预算金额：合同包1：50万元；合同包2：55.5万元')).toBe(105_500_000);
    expect(budget('预算金额：50万元（包1），55.5万元（包2），合计105.6万元')).toBe(105_600_000);
    expect(budget('包号\t包名称\t预算金额（万元）\n1\t甲\t50\n2\t乙\t55.5')).toBe(105_500_000);
    expect(budget('采购包1：预算金额：50万元\n采购包2：预算金额：55.5万元')).toBe(105_500_000);
    expect(budget('本次招标项目预算价为105.5万元')).toBe(105_500_000);
    // Several projects of one 采购意向 are no lots of one project.
    expect(
      budget('序号\t采购项目名称\t预算金额（万元）\t预计采购时间\n1\t甲项目\t50\t3月\n2\t乙项目\t55.5\t4月'),
    ).toBeNull();
  });

  it('reads the project from titles with the site after them, a qualifier in brackets or the kind of notice', () => {
    const name = (title: string) => extractFields(`${title}\n发布时间：2025-03-01`).projectName;
    expect(name('某某医院保洁服务项目竞争性磋商公告_中国政府采购网')).toBe('某某医院保洁服务项目');
    expect(name('某某医院保洁服务项目招标公告（资格后审）')).toBe('某某医院保洁服务项目');
    expect(name('某某医院保洁服务项目采购需求公示')).toBe('某某医院保洁服务项目');
    expect(name('某某医院保洁服务项目询价采购公告')).toBe('某某医院保洁服务项目');
    expect(name('某某医院2025年3月政府采购意向')).toBeNull();
  });

  it('takes the method a procurement went on with (`公开招标转竞争性谈判`)', () => {
    expect(extractFields('某某项目结果公告\n采购方式：公开招标转竞争性谈判').procurementMethod).toBe('tp');
  });

  it('takes an open tender from its template, not from the 招标公告 a later notice refers to, never an invited one', () => {
    const method = (text: string) => extractFields(text).procurementMethod;
    expect(
      method(
        '项目概况\n某某设备采购与安装招标项目的潜在投标人应在某某电子交易系统获取招标文件，并于某日前递交投标文件。',
      ),
    ).toBe('gk');
    expect(
      method('二、项目中止的原因：\n某某采购中心于2022年11月18日在某某网上发布了该项目的招标公告，现中止。'),
    ).toBeNull();
    expect(method('某某项目投标邀请书\n贵单位作为某某项目的潜在投标人，应在某某处获取招标文件。')).toBeNull();
    expect(method('某某项目的潜在供应商应在某某处获取采购文件，并于某日前提交响应文件。')).toBeNull();
  });

  it('ends a value at a `（2）`-numbered label on its line, and takes no pre-qualification deadline for a bid deadline', () => {
    const f = extractFields(
      '某某项目资格预审公告\n1. 项目信息 （1）项目名称:某某智能交通PPP项目 （2）采购计划编号：某财采计[2018]000047\n9.1、提交资格预审申请文件截止时间：2018年3月14日14时30分；',
    );
    expect(f.projectName).toBe('某某智能交通PPP项目');
    expect(f.deadlines?.bidDeadline ?? null).toBeNull();
  });

  it('reads the project a buyer conducts by a method, with its code in brackets (`A就XX(项目编号:…)进行…`)', () => {
    const f = extractFields(
      '某某医院就2021年某某院区标识调整项目(项目编号:WXJDFYCG2021-049)进行单一来源采购。',
    );
    expect(f.projectName).toBe('2021年某某院区标识调整项目');
    expect(f.projectCode).toBe('WXJDFYCG2021-049');
  });

  it('reads an intention table kept a cell a line or with its header run into its row, and an X-masked date as a mask', () => {
    const cellLines = extractFields(
      '现将某某局2024年5月至6月采购意向公开如下:\n| 序号 |\n采购项目名称 |\n采购需求概况 |\n预算金额(万元) |\n备注 |\n| 1 |\n2024年某某绿化管护项目 |\n根据管护要求进行采购。 |\n785.81 |\n专门面向中小企业 |',
    );
    expect(cellLines.projectName).toBe('2024年某某绿化管护项目');
    expect(cellLines.budget?.fen).toBe(785_810_000);
    // The same without the pipes, a header cell broken over two lines and the row's last cells empty.
    const bare = extractFields(
      '某某小学2026年05月至2026年06月政府采购意向\n序号\n采购项目名称\n采购需求概况\n预算金额（万元）\n预计\n采购时间\n备注\n1\n某某小学供热能源托管服务\n采用托管式合同能源管理模式。\n201.3392\n2026-06\n其他需要说明的事项：\n某某小学',
    );
    expect(bare.projectName).toBe('某某小学供热能源托管服务');
    expect(bare.budget?.fen).toBe(201_339_200);
    const runTogether = extractFields(
      '某某局2024年3月政府采购意向公告\n编号 | 项目名称 | 采购需求概况 | 采购预算 (万元) | 预计采购月份 | 备注 | 1 | 2024年某某食品抽检 | 为落实要求开展抽检。 | 270 | 2024年4月 | 无',
    );
    expect(runTogether.projectName).toBe('2024年某某食品抽检');
    expect(runTogether.budget?.fen).toBe(270_000_000);
    expect(extractFields('某某区XX年某某种子采购项目采购实行单一来源采购方式的公示').projectName).toBeNull();
  });

  it('reads a repost with pinyin readings as its text, and takes no role word or quoted project for a party', () => {
    const f = extractFields(
      '采购项目名称: 应(yīng)急管理部某某研究所食堂服务(wù)管理外包项目 预(yù)算金额: 120万元\n采购单位: 应(yīng)急管理部某某研究所',
    );
    expect(f.projectName).toBe('应急管理部某某研究所食堂服务管理外包项目');
    expect(f.purchaser).toBe('应急管理部某某研究所');
    expect(f.budget?.fen).toBe(120_000_000);
    const cancelled = extractFields(
      '“某某业务中心(机房)代建项目”由我司委托招标代理机构公开招标,经评定中标人为某某建设有限公司。现将有关情况公告如下:',
    );
    expect(cancelled.projectName).toBe('某某业务中心(机房)代建项目');
    expect(cancelled.purchaser).toBeNull();
    expect(cancelled.agency).toBeNull();
    const suspended = extractFields(
      '摘要:本公告受业(yè)主方委托发(fā)布\n我单位项目某某镇路灯节能改造工程于2021年8月12日在某某交易中心开、评标。\n某某旗住房和城乡建设局\n2021年8月17日',
    );
    expect(suspended.projectName).toBe('某某镇路灯节能改造工程');
    expect(suspended.purchaser).toBe('某某旗住房和城乡建设局');
  });

  it("reads an enterprise's own notice: `1.2采购人：`, its own site, `采用…方式开展`, a number run into the next item's", () => {
    const tower = extractFields(
      '某某铁塔员工食堂食材配送服务项目比选公告\n1.2采购人:中国铁塔股份有限公司某某市分公司。\n1.3采购代理机构:某某咨询设计研究院有限公司。',
    );
    expect(tower.purchaser).toBe('中国铁塔股份有限公司某某市分公司');
    expect(tower.agency).toBe('某某咨询设计研究院有限公司');
    const heating = extractFields(
      '1.项目名称:某某供热集团有限公司食堂餐饮服务项目比选公告。\n公示:中选单位将在某某供热集团有限公司官网公布。',
    );
    expect(heating.projectName).toBe('某某供热集团有限公司食堂餐饮服务项目');
    expect(heating.purchaser).toBe('某某供热集团有限公司');
    const college = extractFields(
      '某某理工学院采用网上竞价方式开展本次某某平台采购项目的采购。\n6.联系电话:0769-228618027.若对采购需求存疑，可咨询朱老师，电话：17724222093',
    );
    expect(college.purchaser).toBe('某某理工学院');
    expect(college.contacts?.flatMap((contact) => contact.phones.map((phone) => phone.number))).toEqual(
      expect.arrayContaining(['0769-22861802', '17724222093']),
    );
    expect(
      extractFields('变更公告详情\n某某镇2025年零星工程标底编制项目澄清公告\n正文内容').projectName,
    ).toBe('某某镇2025年零星工程标底编制项目');
    expect(
      extractFields('某某中心-室内消防工程项目变更中标人公示\n因原中标人放弃，现变更如下。').projectName,
    ).toBe('某某中心-室内消防工程项目');
  });

  it("takes the buyer of an intentions notice from the template's sentence, and a project in title marks after its buyer", () => {
    expect(
      extractFields(
        '某某市城市管理局本级2024年1至6月政府采购意向\n为便于供应商及时了解政府采购信息，现将某某市城市管理局本级2024年1至6月采购意向公开如下：',
      ).purchaser,
    ).toBe('某某市城市管理局本级');
    const marked = extractFields(
      '上海市某某区某某学校《中学部图书馆升级改造项目》项目综合评议采购（竞争性谈判），经过专家认真评审，本次成交结果公布如下：',
    );
    expect(marked.projectName).toBe('中学部图书馆升级改造项目');
    expect(marked.purchaser).toBe('上海市某某区某某学校');
  });

  it('reads an approval: the project it agrees to, the national project code, the owner and where it is built', () => {
    const f = extractFields(
      '某某省发展改革委关于某某香山风电项目核准的批复\n某某电力股份有限公司:\n一、同意建设某某香山风电项目(项目代码2018-640502-44-02-013290)。项目建设单位为某某电力股份有限公司。\n二、项目建设地点为中卫市境内。',
    );
    expect(f.projectName).toBe('某某香山风电项目');
    expect(f.projectCode).toBe('2018-640502-44-02-013290');
    expect(f.purchaser).toBe('某某电力股份有限公司');
    expect(f.region?.provinceCode).toBe('640000');
    expect(extractFields('关于某某镇道路工程东段项目建议书的批复\n某某镇人民政府:').projectName).toBe(
      '某某镇道路工程东段项目',
    );
  });

  it('reads a project put to 比选 in title marks, and leaves out the number a complaint is made to', () => {
    const f = extractFields(
      '厅办公室于2022年5月18日下午对《某某网上申报系统建设项目》进行了比选。\n对评审结果有异议的，可在2022年5月20日18:00前向某某厅提出书面投诉。电话:028-86702832。',
    );
    expect(f.projectName).toBe('某某网上申报系统建设项目');
    expect(f.contacts?.flatMap((contact) => contact.phones.map((phone) => phone.number)) ?? []).toEqual([]);
  });

  it('reads a 单一来源 公示 as a tender by that method, a table a store separates with lone pipes, and kinds out of names', () => {
    const single = extractFields(
      '一、项目信息\n1.采购人:某某市疾病预防控制中心\n2.项目名称:某某试剂采购项目\n6.采用单一来源采购方式的原因及说明:某某公司为该药品(批准文号:国药准字 S10960016)生产企业。',
    );
    expect(single.announcementType).toBe('zb');
    expect(single.procurementMethod).toBe('dy');
    expect(extractFields('单一来源采购专家论证意见表\n|\n采购单位\n|\n某某交通大学\n|').purchaser).toBe(
      '某某交通大学',
    );
    expect(extractFields('关于某某数据库采购项目采用单一来源方式采购征求意见公示').projectName).toBe(
      '某某数据库采购项目',
    );
    expect(extractFields('关于终止某某设备采购项目的公告\n因故终止。').projectName).toBe('某某设备采购项目');
    expect(extractFields('招标异常公告\n有效投标人不足三家。').projectName).toBeNull();
    expect(extractFields('某某医院手术室过滤器更换安装项目补充通知\n各潜在供应商：').projectName).toBe(
      '某某医院手术室过滤器更换安装项目',
    );
  });

  it('reads a winner a news item reports (`A公司成为B的中标供应商，中标(成交)金额为…`)', () => {
    const f = extractFields(
      '1月28日，某某公共资源交易中心公布，某某物业服务股份有限公司成为某某公园综合管理服务的中标供应商，中标(成交)金额为2403.4万元。',
    );
    expect(f.winners?.map((winner) => [winner.supplier, winner.amount?.fen])).toEqual([
      ['某某物业服务股份有限公司', 2_403_400_000],
    ]);
  });

  it('takes every date of a `现更正:` line as corrected, and no project from a list of media in title marks', () => {
    const corrected = extractFields(
      '某某项目更正公告\n二、原招标公告/5.投标文件的递交: 投标文件递交截止时间:2023年 7 月 25 日09时30分(北京时间)\n三、现更正:5.投标文件的递交: 投标文件递交时间:2023年 7 月 26 日08时30分至2023年 7 月 26 日09时30分(北京时间) 投标文件递交截止时间:2023年 7 月 26 日09时30分(北京时间)',
    );
    expect(corrected.deadlines?.bidDeadline).toBe('2023-07-26T09:30:00+08:00');
    expect(
      extractFields(
        '某某水库工程检测招标公告\n本次招标公告同时在《中国采购与招标网》、《某某省采购与招标网》上发布。',
      ).projectName,
    ).toBe('某某水库工程检测');
    expect(extractFields('终止招标公告\n因故终止本次招标。').projectName).toBeNull();
  });

  it("prefers the project's code to a plan's or a lot's number stated before it", () => {
    const code = (line: string) => extractFields(`某某项目公开招标公告\n${line}`).projectCode;
    expect(code('采购计划编号：2025-0001 项目编号：HBZC-2025-001')).toBe('HBZC-2025-001');
    expect(code('采购计划编号：2025-0001')).toBe('2025-0001');
    expect(code('交易编号：HBJY-2025-01')).toBe('HBJY-2025-01');
  });

  it('reads a page kept entity-escaped as HTML, and winners from a space-written table and per-lot sentences', () => {
    const escaped = extractFields(
      '&lt;p&gt;项目名称：某某证书采购项目&lt;/span&gt;&lt;br /&gt;&lt;/p&gt;&lt;p&gt;中标人：某某印务公司&lt;/p&gt;',
    );
    expect([escaped.projectName, escaped.winners?.[0]?.supplier]).toEqual([
      '某某证书采购项目',
      '某某印务公司',
    ]);
    const spaced = extractFields(
      '某某项目成交公告\n三、成交信息\n包号 供应商名称 供应商地址 成交金额(万元)\n第1包 某某供应链管理有限公司 某某路28号 86.55708',
    );
    expect(spaced.winners).toEqual([
      {
        lot: '第1包',
        supplier: '某某供应链管理有限公司',
        amount: { fen: 86_557_080, unit: '万元', raw: '86.55708' },
      },
    ]);
    const lots = extractFields(
      '某某工程招标结果\n其中一标中标单位为甲(上海)照明有限公司,中标费率4.6%;二标中标单位为乙照明有限公司,中标费率3.6%。',
    );
    expect(lots.winners?.map((w) => [w.lot, w.supplier, w.amount])).toEqual([
      ['一标', '甲(上海)照明有限公司', null],
      ['二标', '乙照明有限公司', null],
    ]);
    const labelledLots = extractFields(
      '某某项目中标公告\n包1中标供应商：甲科技有限公司，中标金额：10万元；包2中标供应商：乙科技有限公司，中标金额：20万元。',
    );
    expect(labelledLots.winners?.map((w) => [w.lot, w.supplier, w.amount?.fen])).toEqual([
      ['包1', '甲科技有限公司', 10_000_000],
      ['包2', '乙科技有限公司', 20_000_000],
    ]);
    // `金额 1` beside a 下浮率 is the form's placeholder, not a sum.
    expect(
      extractFields('某某项目中标公告\n中标人：甲有限公司\n中标金额：1\n备注：中标下浮率3%').winners?.[0]
        ?.amount,
    ).toBeNull();
  });

  it('reads winners from a spaced row with an empty cell, a run-together row and a listed sentence', () => {
    const short = extractFields(
      '某某项目中标(成交)结果公告\n三、采购结果\n供应商名称 供应商地址 评审方法 是否价格扣除 中标(成交)金额 评审总得分\n某某物业管理有限责任公司 某某路*号楼 综合评分法 *,***,***.**元 **.**',
    );
    expect(short.winners).toEqual([{ lot: null, supplier: '某某物业管理有限责任公司', amount: null }]);
    const runTogether = extractFields(
      '某某项目的中标(成交)结果公告\n三、中标(成交)信息\n序号标项名称中标(成交金额)中标供应商名称中标供应商地址\n1某某食堂服务费采购项目1434000.00元某某工贸公司某某镇某某路',
    );
    expect(runTogether.winners?.map((w) => [w.supplier, w.amount?.fen])).toEqual([
      ['某某工贸公司', 143_400_000],
    ]);
    // After 数量 and 单位 the digits of the sum may be theirs.
    const swallowed = extractFields(
      '某某项目的中标(成交)结果公告\n八、中标/成交结果:\n序号标项名称规格型号数量单位总价(元)中标供应商名称中标供应商地址\n1某某后勤服务管理详见服务需求。32842590元某某物业管理有限公司某某路',
    );
    expect(swallowed.winners).toEqual([{ lot: null, supplier: '某某物业管理有限公司', amount: null }]);
    // Untitled: a numbered section heading is no title that says the notice's kind.
    const listed = extractFields(
      '某某招标有限公司受某某总队委托，就某某运营维护单位招标项目进行公开招标，现就本次招标的结果公示如下：\n一、招标项目名称：某某运营维护单位招标项目\n二、采购项目内容、数量\n四、中标信息\n本次招标项目预中标单位：甲（杭州）股份有限公司、乙环保科技有限公司、丙科技股份有限公司。',
    );
    expect(listed.announcementType).toBe('jg');
    expect(listed.winners?.map((w) => w.supplier)).toEqual([
      '甲（杭州）股份有限公司',
      '乙环保科技有限公司',
      '丙科技股份有限公司',
    ]);
  });

  it('reads the parties of a commission after a cut title, and leaves `#` masks and section headings unnamed', () => {
    const cut = extractFields(
      '某某委员会关于某某绿化养护二标段项目的...某某招投标咨询服务有限公司受某某管理委员会的委托,就某某绿化养护二标段项目进行公开招标。 一、招标项目编号:SZ-2019-013 1、养护清单: 序号 项目名称 项目特征描述 计量单位 工程量',
    );
    expect([cut.purchaser, cut.agency, cut.projectName]).toEqual([
      '某某管理委员会',
      '某某招投标咨询服务有限公司',
      '某某绿化养护二标段项目',
    ]);
    const hashed = extractFields(
      '一、项目基本情况\n原公告的采购项目编号:ZFCG####-######-T#####\n原公告的采购项目名称: ### 维护项目\n二、更正信息\n更正事项:采购文件',
    );
    expect([hashed.projectCode, hashed.projectName]).toEqual([null, null]);
  });

  it('reads a one-line tender a copy numbered with `?`, and leaves roles, 某某某 and footers out', () => {
    const flat = extractFields(
      '某某委员会某某工程招标公告某某招标有限责任公司（招标代理机构）受某某委员会（招标人）的委托，就如下项目进行国内公开招标。 1.?项目名称：某某道路交通设施完善工程 2.?项目编号：0747-1561SITCN319 3.?招标人名称：北京市某某委员会（招标人） 7.?本项目预算：人民币4,952,896.71元。',
    );
    expect([flat.projectName, flat.projectCode, flat.purchaser, flat.budget?.fen]).toEqual([
      '某某道路交通设施完善工程',
      '0747-1561SITCN319',
      '北京市某某委员会',
      495_289_671,
    ]);
    expect(
      extractFields('更正公告\n采购人:新疆维吾尔自治区昌吉某某某单位\n更正事项:采购文件').purchaser,
    ).toBeNull();
    const footer = extractFields(
      '某某小学新建综合楼项目于2022年4月28日09时00分在某某交易中心开标，现重新招标。\n技术支持:某某政府网 Copyright 2022\n办公地址:某某路38号 电话:0710-4250097\n工信部备案编号:鄂ICP备05011713号',
    );
    expect([footer.projectName, footer.contacts]).toEqual(['某某小学新建综合楼项目', null]);
  });

  it('reads a banner-topped postponement, a body that buys by a method and a first place under 推荐候选人', () => {
    const postponed = extractFields(
      '权威 · 及时 · 专业的招投标信息平台\n某某服务区排污点建设工程施工招标(第二次)开标时间延期公告\n各投标人:\n开标时间延期。',
    );
    expect(postponed.projectName).toBe('某某服务区排污点建设工程施工招标(第二次)');
    expect(extractFields('某某区财政局采用定点采购议价方式实施本次采购。\n一、项目信息').purchaser).toBe(
      '某某区财政局',
    );
    const ranked = extractFields(
      '评标结果公示\n评委们经过集体充分评议向业主推荐中标候选人为:\n第一名:甲建设开发集团有限公司\n第二名:乙建筑工程有限公司',
    );
    expect(ranked.winners).toEqual([{ lot: null, supplier: '甲建设开发集团有限公司', amount: null }]);
  });

  it('reads a result table written one cell a line, a contract heading, a name broken over two lines and 预算上限', () => {
    const cells = extractFields(
      '某某项目中标公告\n三、中标信息\n\t第1包 ：\n供应商名称\n供应商地址\n统一社会信用代码\n中标金额(万元)\n评审得分\n甲环境投资集团有限公司\n某某路32号\n91120116MA07ALWB97\n1,045\n92.61\n通过资格审查的供应商评审报价：\n排序\n供应商名称\n评审报价（万元）\n1\n甲环境投资集团有限公司\n1,045',
    );
    expect(cells.winners?.map((w) => [w.supplier, w.amount?.fen])).toEqual([
      ['甲环境投资集团有限公司', 1_045_000_000],
    ]);
    expect(
      extractFields(
        '服务类合同预览\n某某运维服务项目续签合同政府采购合同 (服务类)\n政府采购合同编号: WCCG-GK-2025-1',
      ).projectName,
    ).toBe('某某运维服务项目续签合同');
    const broken = extractFields(
      '某某技术服务\n采购项目成交公告\n1.采购项目名称：某某复垦工作技术服务\n采购项目\n2.采购计划编号：古财采计[2018]068\n三、预算上限：1541000元',
    );
    expect([broken.projectName, broken.budget?.fen]).toEqual(['某某复垦工作技术服务采购项目', 154_100_000]);
  });

  it("reads a crawler header's run-together code, a design contract's 估算价, a 竞价编号 and a day's hour after `?`", () => {
    const header = extractFields(
      '基本信息项目名称：某某公路提质改造工程施工项目编号：A4313810001000038项目所属区域：冷水江市招标人：某某镇人民政府\n某某公路提质改造工程施工招标公告',
    );
    expect(header.projectCode).toBe('A4313810001000038');
    expect(extractFields('某某大桥设计招标公告\n三、设计合同估算价:78.70万元。').budget?.fen).toBe(
      78_700_000,
    );
    expect(
      extractFields('某某所台式计算机网上竞价项目（网上竞价编号：GDPX2016Z04048），于2016年12月16日发布')
        .projectCode,
    ).toBe('GDPX2016Z04048');
    expect(
      extractFields(
        '某某电子发票项目的潜在供应商应在本公告获取竞价文件,并于2025年5月6日?17:00(北京时间)前提交应答文件',
      ).deadlines?.bidDeadline,
    ).toBe('2025-05-06T17:00:00+08:00');
  });

  it("reads a label with the national template's long note, a spaced label after a colon and an unlabelled tender", () => {
    const code = extractFields(
      '某某项目的中标、成交公告\n一、项目编号(或招标编号、政府采购计划编号、采购计划备案文号等,如有):\n441900-18-202011-441918-0002W',
    ).projectCode;
    expect(code).toBe('441900-18-202011-441918-0002W');
    const spaced = extractFields(
      '某某项目中标公告\n三、中标(成交)信息\n1:供应商名称 某某饮食有限公司 ;供应商地址 某某路11号 ;',
    );
    expect(spaced.winners?.[0]?.supplier).toBe('某某饮食有限公司');
    expect(
      extractFields('为保证亮化效果，日前灯光办委托市政府采购中心对“三河三园”楼宇景观照明维护工程公开招标。')
        .projectName,
    ).toBe('“三河三园”楼宇景观照明维护工程');
  });

  it('reads the principal and its agency from `…,日前B委托A对…` written with ASCII commas', () => {
    const f = extractFields('为保证亮化效果,日前灯光办委托市政府采购中心对某某维护工程公开招标。');
    expect([f.purchaser, f.agency]).toEqual(['灯光办', '市政府采购中心']);
  });

  it("reads contacts written oddly: 釆 for 采, a contact head run on, two mobiles in one cell, a party's number", () => {
    const phones = (text: string) =>
      extractFields(text).contacts?.flatMap((c) => c.phones.map((p) => p.number));
    const runOn = extractFields(
      '某某项目更正公告\n1.釆购人信息\n名 称:某某县教育局\n联系方式:0546-8296630 2.采购代理机构信息\n名 称:某某项目管理有限公司',
    );
    expect([runOn.purchaser, runOn.agency]).toEqual(['某某县教育局', '某某项目管理有限公司']);
    expect(phones('某某项目招标公告\n联系人\t王工郭工\n联系电话\t1866960999118653975151')).toEqual([
      '18669609991',
      '18653975151',
    ]);
    expect(phones('某某项目招标公告\n联系人:高老师 联系电话:83797120-8837')).toEqual(['83797120']);
    expect(
      phones('某某工程中标公示\n质疑（异议）联系电话 招标人：0558-5582632 招标机构：0558-5991108'),
    ).toEqual(['0558-5582632', '0558-5991108']);
    expect(
      extractFields('标题：某某局购买轿车项目 (项目编号:TGPC-2026-A-0091)公开招标公告\n[采购意向公告]某某')
        .announcementType,
    ).toBe('zb');
  });

  it("reads a works notice of 江苏's template: the project before 已由, the lot's 估算价 and code over 投资总额", () => {
    const f = extractFields(
      [
        '常州市建设工程招标公告',
        '一、\t招标条件',
        '\t某某安居工程项目场外配套工程 已由某某行政审批局以批文名为：关于某某的批复批准建设',
        '二、\t项目概况',
        '\t投资总额： 109161.00 万元',
        '标段序号\t标段内容\t标段面积 (平方米)\t估算价（万元）\t投标人资质类别、等级\t注册建造师专业、等级',
        '3204111705230103-BD-004\t园林绿化工程\t\t1550.00\t[市政公用工程三级](含)以上\t[市政公用工程二级](含)以上',
      ].join('\n'),
    );
    expect([f.projectName, f.projectCode, f.budget?.fen]).toEqual([
      '某某安居工程项目场外配套工程',
      '3204111705230103-BD-004',
      1_550_000_000,
    ]);
    // The investment is the budget where nothing else is stated.
    expect(extractFields('某某工程施工招标公告\n投资总额：1200万元').budget?.fen).toBe(1_200_000_000);
    expect(extractFields('福州某某中学校外供餐项目需求公告\n发布时间：2025-08-01').projectName).toBe(
      '福州某某中学校外供餐项目',
    );
  });

  it("takes the winner a label names over a bidders' list, and reads a flattened page's run-together fields", () => {
    const winner = (text: string) =>
      extractFields(text).winners?.map((w) => [w.supplier, w.amount?.fen ?? null]);
    expect(
      winner(
        '某某工程竞争性谈判成交公告\n四、谈判情况\t包1：\t供应商名称\t最终报价\t评审结果\t甲工程有限公司\t703,900.00\t中标供应商\t乙防水工程有限公司\t710,000.00\t\t五、成交供应商名称、地址和成交金额\t包1：\t成交供应商名称： 甲工程有限公司\t成交金额：703900 元。',
      ),
    ).toEqual([['甲工程有限公司', 70_390_000]]);
    const flat = extractFields(
      '某某医院成交公告 一、项目名称：南区办公室装修改造工程二、成交信息：供应商名称：某某建设集团有限公司成交金额：壹拾叁万捌仟柒佰玖拾柒元伍角伍分（￥138797.55）',
    );
    expect([flat.projectName, flat.winners?.[0]?.supplier, flat.winners?.[0]?.amount?.fen]).toEqual([
      '南区办公室装修改造工程',
      '某某建设集团有限公司',
      13_879_755,
    ]);
    expect(
      winner(
        '某某医院医用液氧供应成交结果公告\n供应商名称：某某气体有限公司\n成交金额（单价）：壹仟壹佰元整/吨（¥1100.00元/吨）',
      ),
    ).toEqual([['某某气体有限公司', null]]);
    expect(extractFields('某某项目成交公告\n2、代理机构名称：      地址：').agency).toBeNull();
  });

  it("leaves out complaint lines and the sentence's own 招标人为 before a bracketed role", () => {
    const phones = (text: string) =>
      extractFields(text).contacts?.flatMap((c) => c.phones.map((p) => p.number)) ?? null;
    expect(
      phones('某某工程中标候选人公示\n若有異議，请向学院纪检监察室投訴。投訴电话:0591-22869962。'),
    ).toBeNull();
    expect(phones('某某工程中标候选人公示\n投诉受理部门:某某医院监察室\n联系电话:0577-88070209')).toBeNull();
    const f = extractFields(
      '某某桥梁设计招标公告\n项目出资比例为100%,招标人为某某农村公路管理所(以下简称“招标人”),招标代理为某某项目管理有限公司(以下简称“招标代理人”)。',
    );
    expect(f.purchaser).toBe('某某农村公路管理所');
  });

  it('reads prose winners: a selection, a ranking, a first candidate with its bid, a changed winner', () => {
    const winners = (text: string) =>
      extractFields(text).winners?.map((winner) => [winner.supplier, winner.amount?.fen ?? null]) ?? null;
    expect(
      winners('审计机构选聘结果公示\n根据评分结果选聘综合得分第一名的甲会计师事务所有限公司为项目中标人。'),
    ).toEqual([['甲会计师事务所有限公司', null]]);
    expect(
      winners('比选结果公示\n评审组进行了综合评审，最终乙科技股份有限公司得分排名第一,为项目中标单位。'),
    ).toEqual([['乙科技股份有限公司', null]]);
    expect(
      winners(
        '某工程中标候选人公示\n经评标委员会评定,第一中标候选人为丙防护器材有限公司,投标报价388522.08元,项目负责人:张三;',
      ),
    ).toEqual([['丙防护器材有限公司', 38_852_208]]);
    expect(
      winners(
        '关于某工程项目变更中标人公告\n废除其第一中标候选人资格。我司拟确定第二中标候选人丁建工集团有限公司 为本项目中标人。',
      ),
    ).toEqual([['丁建工集团有限公司', null]]);
  });

  it("takes the title's name where the body masks it, and the buyer signing above its agency or over a stripped date", () => {
    const masked = extractFields(
      '某学校2026年度物业管理服务项目招标公告\n公告信息\n项目编号:JH**-******\n项目名称:*******年度物业管理服务项目\n',
    );
    expect(masked.projectName).toBe('某学校2026年度物业管理服务项目');
    const signed = extractFields(
      '某工程中标候选人公示\n招标代理人为浙江某工程咨询有限公司。\n特此公示\n温州市中心医院\n浙江某工程咨询有限公司\n2016年05月17日',
    );
    expect(signed.purchaser).toBe('温州市中心医院');
    expect(extractFields('政府采购意向\n现将采购意向公开如下\n中山纪念图书馆\n年月日').purchaser).toBe(
      '中山纪念图书馆',
    );
  });

  it('reads a flattened page whose template heads run on, and papers are no commission', () => {
    const f = extractFields(
      `某某景区花卉草坪采购项目更正公告\n一、项目基本情况原公告的采购项目编号:LNZD20250108原公告的采购项目名称:某某景区花卉草坪采购项目首次公告日期:2025年03月27日二、更正信息更正事项:采购文件更正内容:${'原招标文件中的投标报价条款更正为综合单价。'.repeat(8)}三、其他补充事宜四、对本次采购提出询问,请按以下方式联系1.采购人信息名 称:大连市某某服务中心地 址:大连市沙河口区太原街140号联系方式: 0411-668652312.采购代理机构信息名 称:辽宁某某项目管理有限公司地 址:大连市甘井子区华北路426号联系方式:0411-82288302`,
    );
    expect(f.projectName).toBe('某某景区花卉草坪采购项目');
    expect(f.purchaser).toBe('大连市某某服务中心');
    expect(f.agency).toBe('辽宁某某项目管理有限公司');
    expect(f.contacts?.flatMap((c) => c.phones.map((p) => p.number))).toEqual(
      expect.arrayContaining(['0411-66865231', '0411-82288302']),
    );
    expect(
      extractFields(
        '某医院单一来源采购论证公告\n如有异议,可以在公示期内,以书面形式(含质疑函和授权委托书)向招标办或纪检(监察)办公室提出质疑。',
      ).agency,
    ).toBeNull();
  });

  it('reads 比选 parties, `项目名称为:` labels, a principal without its agency and the signers above a date', () => {
    const f = extractFields(
      '比选失败公示 项目名称: 某IDC节能改造项目采购\n比选代理机构编号:ZJZB-2021-10546\n比选人:中国电信股份有限公司某分公司\n比选代理机构:某某通信有限公司',
    );
    expect([f.projectCode, f.purchaser, f.agency]).toEqual([
      'ZJZB-2021-10546',
      '中国电信股份有限公司某分公司',
      '某某通信有限公司',
    ]);
    const g = extractFields(
      '第一章 公开招标\n本招标项目名称为:某煤矿预警系统升级,项目招标编号为:CEZB240112218,招标人为内蒙古某某煤业有限责任公司。',
    );
    expect([g.projectName, g.projectCode]).toEqual(['某煤矿预警系统升级', 'CEZB240112218']);
    expect(
      extractFields(
        '招标公告\n一、招标条件\n受呼伦贝尔某某矿业有限责任公司委托,对某露天矿开采工程进行公开招标。',
      ).purchaser,
    ).toBe('呼伦贝尔某某矿业有限责任公司');
    const signed = extractFields(
      '台交所招〔2023〕6号\n各潜在投标人:\n原定于“2023年7月20日9时30分”开标的某新区亮化工程(路灯采购)的项目终止招标。\n台州某某建设投资有限公司\n台州市某某建设咨询有限公司\n台州市产权交易所有限公司\n2023年7月19日',
    );
    expect([signed.projectName, signed.purchaser, signed.agency]).toEqual([
      '某新区亮化工程(路灯采购)',
      '台州某某建设投资有限公司',
      '台州市某某建设咨询有限公司',
    ]);
  });

  it('reads a decided winner over the first candidate, a winner under its heading and a ranked first place', () => {
    const winners = (text: string) =>
      extractFields(text).winners?.map((winner) => [winner.supplier, winner.amount?.fen ?? null]) ?? null;
    expect(
      winners(
        '某工程中标结果公示\n合同包\t/\t第一中标候选人\t重庆某某建筑工程有限公司\n第二中标候选人\t重庆某乙建筑工程有限公司\n拟中标人\t重庆某某建筑工程有限公司\t拟中标金额 (万元)\t326.641935',
      ),
    ).toEqual([['重庆某某建筑工程有限公司', 326_641_935]]);
    expect(
      winners(
        '某装载机采购成交公告\n六、成交结果(入围供应商)\n重庆某某工程机械有限公司，总价355000.00元。\n七、其他事项',
      ),
    ).toEqual([['重庆某某工程机械有限公司', 35_500_000]]);
    expect(
      winners(
        '中标公示信息（监理）\n第一名\t单位名称： 新疆某某工程管理有限公司\n投标报价（万元）： 23.48\n第二名\t单位名称： 新疆某乙项目管理有限公司\n投标报价（万元）： 26.24',
      ),
    ).toEqual([['新疆某某工程管理有限公司', 23_480_000]]);
  });

  it("reads a project its body is in charge of, one planned for a day, and an approval's investment apart from a budget", () => {
    expect(
      extractFields(
        '终止招标公告\n我所负责组织招标的某快速路桥涵维修加固工程施工监理(项目编号:JG2024-5932)于2024年11月8日发布。',
      ).projectName,
    ).toBe('某快速路桥涵维修加固工程施工监理');
    expect(
      extractFields('各投标人:\n我校招标与采购代理服务比选项目原计划于11月5日上午开标。').projectName,
    ).toBe('招标与采购代理服务比选项目');
    const approval = extractFields(
      '关于某镇学校建设项目可行性研究报告的批复\n某镇人民政府:\n一、同意建设某镇学校建设项目(一期)(项目代码:(2406-441826-04-01-514275))。\n二、项目估算总投资400万元。',
    );
    expect(approval.projectName).toBe('某镇学校建设项目(一期)');
    expect(approval.projectCode).toBe('2406-441826-04-01-514275');
    expect(approval.budget).toBeNull();
    expect(approval.approval?.totalInvestment?.fen).toBe(400_000_000);
  });
});
