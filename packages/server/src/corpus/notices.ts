import { APPROVAL_STAGES } from '../catalog/approval-stages';
import type { TenderRecordInput } from '../ingest/record';
import { amountInWords, groupedYuan, wanYuan } from './amounts';
import { chineseDate, chineseDateTime, isoFromDay, monthOf, recordDateTime, yearOf } from './calendar';
import type { MethodCode } from './categories';
import { medicalRegistrationLine } from './medical-registrations';
import type { Organisation } from './organisations';
import type { ConstructionPlan, PlannedApproval, ProcurementPlan } from './plan';
import type { Random } from './random';
import { personName } from './vocabulary';

/** The words a notice uses for its procurement method (政府采购法 and 招标投标法 wording). */
interface MethodWording {
  name: string;
  noticeTitle: string;
  documents: string;
  bidder: string;
  response: string;
  deadlineHeading: string;
}

const METHOD_WORDING: Record<MethodCode, MethodWording> = {
  gk: {
    name: '公开招标',
    noticeTitle: '公开招标公告',
    documents: '招标文件',
    bidder: '投标人',
    response: '投标文件',
    deadlineHeading: '提交投标文件截止时间、开标时间和地点',
  },
  yq: {
    name: '邀请招标',
    noticeTitle: '邀请招标公告',
    documents: '招标文件',
    bidder: '投标人',
    response: '投标文件',
    deadlineHeading: '提交投标文件截止时间、开标时间和地点',
  },
  tp: {
    name: '竞争性谈判',
    noticeTitle: '竞争性谈判公告',
    documents: '谈判文件',
    bidder: '供应商',
    response: '响应文件',
    deadlineHeading: '响应文件提交截止时间、谈判时间和地点',
  },
  cs: {
    name: '竞争性磋商',
    noticeTitle: '竞争性磋商公告',
    documents: '磋商文件',
    bidder: '供应商',
    response: '响应文件',
    deadlineHeading: '响应文件提交截止时间、磋商时间和地点',
  },
  dy: {
    name: '单一来源',
    noticeTitle: '单一来源采购公示',
    documents: '采购文件',
    bidder: '供应商',
    response: '响应文件',
    deadlineHeading: '公示期限',
  },
  xj: {
    name: '询价',
    noticeTitle: '询价公告',
    documents: '询价通知书',
    bidder: '供应商',
    response: '响应文件',
    deadlineHeading: '响应文件提交截止时间、开启时间和地点',
  },
};

export function methodName(method: MethodCode): string {
  return METHOD_WORDING[method].name;
}

const STAGE_NAMES = new Map(APPROVAL_STAGES.map((stage) => [stage.code, stage.name]));

export function stageName(code: string): string {
  return STAGE_NAMES.get(code) ?? code;
}

function lines(...parts: (string | false | null | undefined)[]): string {
  return parts.filter((part): part is string => typeof part === 'string').join('\n');
}

function region(organisation: Organisation): TenderRecordInput['region'] {
  const { place } = organisation;
  return { provinceCode: place.provinceCode, cityCode: place.cityCode, districtCode: place.districtCode };
}

function contactParty(role: 'purchaser' | 'agency', organisation: Organisation) {
  return {
    role,
    name: organisation.name,
    contactName: organisation.contactName,
    contactPhone: organisation.contactPhone,
    address: organisation.address,
    ...(role === 'agency' ? region(organisation) : {}),
  };
}

function contactBlock(plan: ProcurementPlan, heading: string): string {
  const purchaserWord = plan.category.works ? '招标人' : '采购人';
  const agencyWord = plan.category.works ? '招标代理机构' : '采购代理机构';
  const projectContact = plan.agency ?? plan.purchaser;
  return lines(
    heading,
    `1.${purchaserWord}信息`,
    `名 称：${plan.purchaser.name}`,
    `地 址：${plan.purchaser.address}`,
    `联系方式：${plan.purchaser.contactName} ${plan.purchaser.contactPhone}`,
    plan.agency && `2.${agencyWord}信息`,
    plan.agency && `名 称：${plan.agency.name}`,
    plan.agency && `地 址：${plan.agency.address}`,
    plan.agency && `联系方式：${plan.agency.contactName} ${plan.agency.contactPhone}`,
    `${plan.agency ? 3 : 2}.项目联系方式`,
    `项目联系人：${projectContact.contactName}`,
    `电 话：${projectContact.contactPhone}`,
  );
}

function commonFields(plan: ProcurementPlan, day: number) {
  return {
    sourceName: plan.sourceName,
    publishDate: isoFromDay(day),
    projectKey: plan.key,
    projectCode: plan.projectCode,
    projectName: plan.projectName,
    region: region(plan.purchaser),
    industryCode: plan.category.industryCode,
  };
}

function procurementParties(plan: ProcurementPlan) {
  return [
    contactParty('purchaser', plan.purchaser),
    ...(plan.agency ? [contactParty('agency', plan.agency)] : []),
  ];
}

/** 采购意向: published at least 30 days before the procurement (财库〔2020〕10号). */
export function intentionNotice(plan: ProcurementPlan, day: number): Omit<TenderRecordInput, 'sourceId'> {
  const purchaseDay = plan.tenderDay;
  const when = `${yearOf(purchaseDay)}年${monthOf(purchaseDay)}月`;
  const lot = plan.lots[0];
  const summary =
    plan.lots.length > 1 ? plan.lots.map((item) => item.name).join('、') : (lot?.requirement ?? '');
  const common = commonFields(plan, day);
  const budgetRaw = `${wanYuan(plan.budgetFen)}万元`;
  return {
    ...common,
    announcementType: 'yx',
    title: `${plan.purchaser.name}${when}政府采购意向（${plan.projectName.replace(plan.purchaser.name, '')}）`,
    body: lines(
      `${plan.purchaser.name}${when}政府采购意向`,
      `为便于供应商及时了解政府采购信息，根据《财政部关于开展政府采购意向公开工作的通知》（财库〔2020〕10号）等有关规定，现将${plan.purchaser.name}${when}采购意向公开如下：`,
      '序号：1',
      `采购项目名称：${plan.projectName}`,
      `采购需求概况：${summary}`,
      `预算金额：${budgetRaw}`,
      `预计采购时间：${when}`,
      '备注：本次公开的采购意向是本单位政府采购工作的初步安排，具体采购项目情况以相关采购公告和采购文件为准。',
      plan.purchaser.name,
      chineseDate(day),
    ),
    budget: { fen: plan.budgetFen, raw: budgetRaw },
    expectedPurchaseMonth: isoFromDay(purchaseDay).slice(0, 7),
    parties: [contactParty('purchaser', plan.purchaser)],
  };
}

/** 招标预告 / 采购需求公示: the pre-tender opportunity (商机). */
export function forecastNotice(
  plan: ProcurementPlan,
  day: number,
  random: Random,
): Omit<TenderRecordInput, 'sourceId'> {
  const common = commonFields(plan, day);
  const purchaserWord = plan.category.works ? '招标人' : '采购人';
  const heading = random.pick(['招标计划（预告）', '采购需求公示']);
  return {
    ...common,
    announcementType: 'yg',
    procurementMethod: plan.method,
    title: `${plan.projectName}${heading}`,
    body: lines(
      `${plan.projectName}${heading}`,
      `一、项目名称：${plan.projectName}`,
      `二、${purchaserWord}：${plan.purchaser.name}`,
      `三、项目概况：${plan.lots.map((lot) => lot.requirement).join('；')}`,
      `四、预估金额：${plan.budgetRaw}`,
      `五、预计${plan.category.works ? '招标' : '采购'}时间：${yearOf(plan.tenderDay)}年${monthOf(plan.tenderDay)}月`,
      `六、拟采用采购方式：${methodName(plan.method)}`,
      `七、资金来源：${random.pick(['财政资金', '自筹资金', '财政资金及单位自筹'])}`,
      `八、联系方式：${plan.purchaser.contactName} ${plan.purchaser.contactPhone}`,
      '本预告仅供潜在供应商提前了解项目信息，具体以正式发布的采购公告为准。',
    ),
    budget: { fen: plan.budgetFen, raw: plan.budgetRaw },
    parties: procurementParties(plan),
  };
}

function tenderDeadlines(plan: ProcurementPlan, deadlineDay: number) {
  return {
    documentsFrom: recordDateTime(plan.documentsFromDay, '09:00'),
    documentsUntil: recordDateTime(plan.documentsUntilDay, '17:00'),
    bidDeadline: recordDateTime(deadlineDay, plan.deadlineTime),
    openingTime: recordDateTime(deadlineDay, plan.deadlineTime),
  };
}

/** 招标公告 in the structure of the Ministry of Finance's notice template (一 … 七). */
export function tenderNotice(
  plan: ProcurementPlan,
  day: number,
  random: Random,
): Omit<TenderRecordInput, 'sourceId'> {
  const wording = METHOD_WORDING[plan.method];
  const common = commonFields(plan, day);
  const title = `${plan.projectName}${plan.category.works && plan.method === 'gk' ? '招标公告' : wording.noticeTitle}`;
  const deadline = chineseDateTime(plan.deadlineDay, plan.deadlineTime);
  if (plan.method === 'dy') {
    const supplier = plan.lots[0]?.winner;
    return {
      ...common,
      announcementType: 'zb',
      procurementMethod: 'dy',
      title,
      body: lines(
        title,
        '一、项目信息',
        `采购人：${plan.purchaser.name}`,
        `项目名称：${plan.projectName}`,
        `项目编号：${plan.projectCode}`,
        `拟采购的货物或服务的说明：${plan.lots.map((lot) => lot.requirement).join('；')}`,
        `拟采购的货物或服务的预算金额：${plan.budgetRaw}`,
        `采用单一来源采购方式的原因及说明：${random.pick(['该项目所需设备须与原有系统兼容，只能从原供应商处采购', '该服务涉及专有技术，只有唯一供应商可以提供', '为保证原有采购项目一致性或者服务配套的要求，需要继续从原供应商处添购'])}。`,
        '二、拟定供应商信息',
        `名称：${supplier?.name ?? ''}`,
        `地址：${supplier?.address ?? ''}`,
        '三、公示期限',
        `${chineseDate(day)}至${chineseDate(plan.deadlineDay)}`,
        '四、其他补充事宜',
        '任何供应商、单位或者个人对采用单一来源采购方式公示有异议的，可以在公示期内将书面意见反馈给采购人、采购代理机构，并同时抄送同级财政部门。',
        contactBlock(plan, '五、联系方式'),
      ),
      budget: { fen: plan.budgetFen, raw: plan.budgetRaw },
      deadlines: { bidDeadline: recordDateTime(plan.deadlineDay, plan.deadlineTime) },
      parties: [
        ...procurementParties(plan),
        ...(supplier
          ? [
              {
                role: 'candidate' as const,
                name: supplier.name,
                rank: 1,
                address: supplier.address,
                ...region(supplier),
              },
            ]
          : []),
      ],
    };
  }
  const multi = plan.lots.length > 1;
  const ceiling = random.chance(0.35);
  return {
    ...common,
    announcementType: 'zb',
    procurementMethod: plan.method,
    title,
    body: lines(
      title,
      '项目概况',
      `${plan.projectName}的潜在${wording.bidder}应在${plan.platform}获取${wording.documents}，并于${deadline}（北京时间）前递交${wording.response}。`,
      '一、项目基本情况',
      `项目编号：${plan.projectCode}`,
      `项目名称：${plan.projectName}`,
      `${plan.category.works ? '招标方式' : '采购方式'}：${wording.name}`,
      `预算金额：${plan.budgetRaw}${random.chance(0.4) ? `（大写：人民币${amountInWords(plan.budgetFen)}）` : ''}`,
      ceiling && `最高限价：${groupedYuan(plan.budgetFen)}元`,
      '采购需求：',
      ...plan.lots.map((lot) =>
        multi ? `${lot.label}：${lot.requirement}；预算金额：${lot.budgetRaw}` : lot.requirement,
      ),
      `合同履行期限：${plan.term}`,
      `本项目${random.chance(0.8) ? '不接受' : '接受'}联合体投标。`,
      '二、申请人的资格要求',
      plan.category.works
        ? '1.投标人须为在中华人民共和国境内依法注册的独立法人；'
        : '1.满足《中华人民共和国政府采购法》第二十二条规定；',
      `2.落实政府采购政策需满足的资格要求：${plan.smallBusinessOnly ? '本项目专门面向中小企业采购' : '本项目非专门面向中小企业采购，对小微企业报价给予10%的价格扣除'}；`,
      '3.本项目的特定资格要求：',
      ...plan.category.qualifications.map((requirement, index) => `（${index + 1}）${requirement}；`),
      `（${plan.category.qualifications.length + 1}）未被列入“信用中国”网站失信被执行人、重大税收违法失信主体名单，未被列入中国政府采购网政府采购严重违法失信行为记录名单。`,
      `三、获取${wording.documents}`,
      `时间：${chineseDate(plan.documentsFromDay)}至${chineseDate(plan.documentsUntilDay)}，每天上午9:00至12:00，下午14:00至17:00（北京时间，法定节假日除外）`,
      `地点：${plan.platform}`,
      `方式：${random.pick(['网上下载', '登录交易平台免费下载', '现场获取或网上下载'])}`,
      `售价：${random.pick(['0元', '0元', '300元', '500元'])}`,
      `四、${wording.deadlineHeading}`,
      `${deadline}（北京时间）`,
      `地点：${plan.openingPlace}`,
      '五、公告期限',
      '自本公告发布之日起5个工作日。',
      '六、其他补充事宜',
      `1.本项目采用电子化${plan.category.works ? '招投标' : '采购'}，${wording.bidder}须提前办理CA数字证书。`,
      `2.${random.pick(['本项目不收取投标保证金。', '本项目需缴纳投标保证金，金额详见招标文件。', '本项目落实节能环保、支持中小企业等政府采购政策。'])}`,
      contactBlock(plan, `七、对本次${plan.category.works ? '招标' : '采购'}提出询问，请按以下方式联系。`),
    ),
    budget: { fen: plan.budgetFen, raw: plan.budgetRaw },
    deadlines: tenderDeadlines(plan, plan.deadlineDay),
    parties: procurementParties(plan),
  };
}

/** 更正 / 变更 / 终止公告. */
export function changeNotice(plan: ProcurementPlan, day: number): Omit<TenderRecordInput, 'sourceId'> {
  const change = plan.change;
  if (!change) throw new Error('a change notice needs a planned change');
  const common = commonFields(plan, day);
  const word = { correction: '更正', change: '变更', termination: '终止' }[change.kind];
  const heading = [
    '一、项目基本情况',
    `原公告的采购项目编号：${plan.projectCode}`,
    `原公告的采购项目名称：${plan.projectName}`,
    `首次公告日期：${chineseDate(plan.tenderDay)}`,
  ];
  const body =
    change.kind === 'termination'
      ? lines(
          `${plan.projectName}终止公告`,
          ...heading,
          '二、项目终止的原因',
          change.content,
          '三、其他补充事宜',
          '已获取采购文件的供应商，如已缴纳投标保证金，将在本公告发布之日起5个工作日内无息退还。',
          contactBlock(plan, '四、凡对本次公告内容提出询问，请按以下方式联系。'),
        )
      : lines(
          `${plan.projectName}${word}公告`,
          ...heading,
          `二、${word}信息`,
          `${word}事项：${change.postponedTo ? '采购公告、采购文件' : '采购文件'}`,
          `${word}内容：`,
          change.content,
          `${word}日期：${chineseDate(day)}`,
          '三、其他补充事宜',
          `除上述${word}内容外，原公告其他内容不变。`,
          contactBlock(plan, '四、凡对本次公告内容提出询问，请按以下方式联系。'),
        );
  return {
    ...common,
    announcementType: 'bg',
    procurementMethod: plan.method,
    noticeKind: change.kind,
    title: `${plan.projectName}${word}公告`,
    body,
    budget: { fen: plan.budgetFen, raw: plan.budgetRaw },
    ...(change.postponedTo ? { deadlines: tenderDeadlines(plan, change.postponedTo) } : {}),
    parties: procurementParties(plan),
  };
}

/** 中标 / 成交结果公告, or 废标/流标. */
export function resultNotice(
  plan: ProcurementPlan,
  day: number,
  random: Random,
): Omit<TenderRecordInput, 'sourceId'> {
  const result = plan.result;
  if (!result) throw new Error('a result notice needs a planned result');
  const common = commonFields(plan, day);
  if (result.kind === 'failed') {
    const word = random.pick(['废标', '流标']);
    return {
      ...common,
      announcementType: 'jg',
      procurementMethod: plan.method,
      noticeKind: 'failed',
      title: `${plan.projectName}${word}公告`,
      body: lines(
        `${plan.projectName}${word}公告`,
        `一、项目编号：${plan.projectCode}`,
        `二、项目名称：${plan.projectName}`,
        `三、${word}原因`,
        random.pick([
          `截至提交${METHOD_WORDING[plan.method].response}截止时间，递交${METHOD_WORDING[plan.method].response}的供应商不足三家。`,
          '经评审，对采购文件作实质性响应的供应商不足三家。',
        ]),
        '四、其他补充事宜',
        '采购人将依法重新组织采购。',
        contactBlock(plan, '五、凡对本次公告内容提出询问，请按以下方式联系。'),
      ),
      budget: { fen: plan.budgetFen, raw: plan.budgetRaw },
      parties: procurementParties(plan),
    };
  }
  const word = result.kind === 'award' ? '中标' : '成交';
  const multi = plan.lots.length > 1;
  const awardFen = plan.lots.reduce((sum, lot) => sum + lot.bidFen, 0);
  const fee = Math.round(awardFen * random.int(4, 12) * 0.001);
  const manager = personName(random);
  return {
    ...common,
    announcementType: 'jg',
    procurementMethod: plan.method,
    noticeKind: result.kind,
    title: `${plan.projectName}${word}结果公告`,
    body: lines(
      `${plan.projectName}${word}结果公告`,
      `一、项目编号：${plan.projectCode}`,
      `二、项目名称：${plan.projectName}`,
      '三、中标（成交）信息',
      ...plan.lots
        .flatMap((lot) => [
          multi ? `${lot.label}：${lot.name}` : null,
          `供应商名称：${lot.winner.name}`,
          `供应商地址：${lot.winner.address}`,
          `${word}金额：${lot.bidRaw}`,
        ])
        .filter((line): line is string => line !== null),
      '四、主要标的信息',
      ...plan.lots.map((lot) =>
        plan.category.works
          ? `名称：${lot.name}；施工范围：详见招标文件；施工工期：${plan.term}；项目经理：${manager}；执业证书信息：${random.pick(['一级', '二级'])}注册建造师`
          : ((plan.category.id === 'medical'
              ? medicalRegistrationLine(lot.name, lot.requirement.split('，')[1] ?? '', lot.bidFen)
              : undefined) ??
            `名称：${lot.name}；${lot.requirement.includes('数量') ? `品牌：详见投标文件；规格型号：详见投标文件；${lot.requirement.split('，')[1] ?? ''}` : `服务范围：${lot.requirement}；服务时间：${plan.term}；服务标准：符合采购文件要求`}`),
      ),
      `五、评审专家（单一来源采购人员）名单：${plan.experts.join('、')}`,
      '六、代理服务收费标准及金额：',
      plan.agency
        ? `本项目代理服务费由${word}供应商支付，参照原国家计委《招标代理服务收费管理暂行办法》收取，金额：${groupedYuan(fee)}元。`
        : '本项目由采购人自行组织，不收取代理服务费。',
      '七、公告期限',
      '自本公告发布之日起1个工作日。',
      '八、其他补充事宜',
      `各有关当事人对${word}结果有异议的，可以在${word}公告发布之日起7个工作日内，以书面形式向采购人或采购代理机构提出质疑。`,
      contactBlock(plan, '九、凡对本次公告内容提出询问，请按以下方式联系。'),
    ),
    budget: { fen: plan.budgetFen, raw: plan.budgetRaw },
    award: multi ? null : { fen: awardFen, raw: plan.lots[0]?.bidRaw ?? null },
    parties: [
      ...procurementParties(plan),
      ...plan.lots.map((lot) => ({
        role: 'winner' as const,
        name: lot.winner.name,
        lot: lot.label || null,
        award: { fen: lot.bidFen, raw: lot.bidRaw },
        address: lot.winner.address,
        contactName: lot.winner.contactName,
        contactPhone: lot.winner.contactPhone,
        ...region(lot.winner),
      })),
    ],
  };
}

function projectFields(plan: ConstructionPlan, day: number) {
  return {
    sourceName: plan.sourceName,
    publishDate: isoFromDay(day),
    projectKey: plan.key,
    projectCode: plan.approvalCode,
    projectName: plan.projectName,
    region: region(plan.owner),
    industryCode: plan.construction.industryCode,
    construction: {
      totalInvestment: { fen: plan.totalInvestmentFen, raw: plan.totalInvestmentRaw },
      site: plan.site,
      scale: plan.scale,
      plannedStart: isoFromDay(plan.plannedStartDay),
      plannedEnd: isoFromDay(plan.plannedEndDay),
    },
    parties: [
      {
        role: 'purchaser' as const,
        name: plan.owner.name,
        contactName: plan.owner.contactName,
        contactPhone: plan.owner.contactPhone,
        address: plan.owner.address,
      },
    ],
  };
}

const month = (day: number) => `${yearOf(day)}年${monthOf(day)}月`;

/** 拟建项目: a project known before it is tendered. */
export function proposedRecord(plan: ConstructionPlan, day: number): Omit<TenderRecordInput, 'sourceId'> {
  return {
    ...projectFields(plan, day),
    announcementType: 'nj',
    title: plan.projectName,
    body: lines(
      `项目名称：${plan.projectName}`,
      `项目代码：${plan.approvalCode}`,
      `建设单位：${plan.owner.name}`,
      `建设地点：${plan.site}`,
      `总投资：${plan.totalInvestmentRaw}`,
      `建设规模及内容：${plan.scale}`,
      `项目阶段：${stageName(plan.proposedStage)}`,
      `计划开工时间：${month(plan.plannedStartDay)}`,
      `计划竣工时间：${month(plan.plannedEndDay)}`,
      `资金来源：${plan.fundSource}`,
      `项目联系人：${plan.owner.contactName}`,
      `联系电话：${plan.owner.contactPhone}`,
    ),
    approval: { stage: plan.proposedStage, approvalCode: plan.approvalCode },
  };
}

const APPROVAL_TITLES: Record<string, (name: string) => string> = {
  lx: (name) => `关于${name}项目建议书的批复`,
  kxx: (name) => `关于${name}可行性研究报告的批复`,
  hz: (name) => `关于核准${name}的批复`,
  ba: (name) => `${name}备案证明`,
  jn: (name) => `关于${name}节能报告的审查意见`,
  hp: (name) => `关于${name}环境影响报告表的批复`,
  yd: (name) => `${name}用地预审与选址意见书`,
  ydgh: (name) => `${name}建设用地规划许可证`,
  gcgh: (name) => `${name}建设工程规划许可证`,
  cbsj: (name) => `关于${name}初步设计的批复`,
  sgt: (name) => `${name}施工图设计文件审查合格书`,
  sg: (name) => `${name}建筑工程施工许可证`,
  jg: (name) => `${name}竣工验收备案`,
};

/** 审批项目: one approval decision on an investment project. */
export function approvalRecord(
  plan: ConstructionPlan,
  approval: PlannedApproval,
  day: number,
): Omit<TenderRecordInput, 'sourceId'> {
  const title = (
    APPROVAL_TITLES[approval.stage] ?? ((name: string) => `${name}${stageName(approval.stage)}`)
  )(plan.projectName);
  const isReply = title.startsWith('关于');
  return {
    ...projectFields(plan, day),
    announcementType: 'sp',
    title,
    body: lines(
      title,
      isReply && `${plan.owner.name}：`,
      isReply &&
        `你单位报送的《关于${plan.projectName}${stageName(approval.stage).replace('/立项', '')}的请示》及相关材料收悉。经研究，现批复如下：`,
      isReply && `一、原则同意${plan.projectName}建设。`,
      isReply && `二、项目总投资${plan.totalInvestmentRaw}，资金来源为${plan.fundSource}。`,
      isReply && `三、建设规模及内容：${plan.scale}`,
      isReply && '四、请据此抓紧开展后续工作，严格控制投资规模，确保工程质量和安全。',
      `项目名称：${plan.projectName}`,
      `项目代码：${plan.approvalCode}`,
      `审批事项：${stageName(approval.stage)}`,
      `审批部门：${approval.authority}`,
      `批准文号：${approval.documentNumber}`,
      `审批结果：${approval.result}`,
      `审批时间：${chineseDate(approval.day)}`,
      `建设单位：${plan.owner.name}`,
      `建设地点：${plan.site}`,
      `总投资：${plan.totalInvestmentRaw}`,
    ),
    approval: {
      stage: approval.stage,
      authority: approval.authority,
      approvalCode: plan.approvalCode,
      documentNumber: approval.documentNumber,
      result: approval.result,
      date: isoFromDay(approval.day),
    },
  };
}
