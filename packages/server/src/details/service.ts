import type {
  DetailParty,
  GatePass,
  ItemDetail,
  ItemType,
  PrivilegeKey,
  ProjectDocument,
  ProjectFacts,
} from '@tender/contracts';
import { maskPhone, RESPONSE_CODES } from '@tender/domain';
import { batcher } from '../db/batcher';
import type { Database } from '../db/database';
import type { GateItem } from '../gates/item-locator';
import { quotaDay } from '../gates/quota';
import { type GateCaller, type GateService, membershipOf } from '../gates/service';
import type { HistoryService } from '../history/service';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';
import { medicalDetailOf, otherNoticesToRead } from './medical';
import {
  amountView,
  approvalStage,
  chinaTime,
  industryName,
  maskContactsInText,
  maskName,
  monthText,
  noticeKindName,
  PROJECT_ITEM_TYPES,
  procurementMethodName,
  regionView,
  roleName,
  typeName,
} from './present';
import {
  detailQueries,
  type ItemRecord,
  type ItemViewRecord,
  type ItemViewRequest,
  type PartyRecord,
  type ProjectDetailRecord,
  type TimelineRecord,
} from './queries';

/** The privilege a detail view spends, by the item's type (docs/business-rules.md Default privileges). */
export const VIEW_PRIVILEGES: Readonly<Record<ItemType, PrivilegeKey>> = {
  zb: 'watchZhaobiao',
  bg: 'watchZhaobiao',
  jg: 'watchZhaobiao',
  yg: 'preProjectDetail',
  yx: 'purchaseDetail',
  nj: 'watchDesignedProject',
  sp: 'shenPiProject',
};

/** What each detail endpoint opens (the others answer 404, as the gates' checks do). */
export const DETAIL_TYPES = {
  /** selZhaobiaoDetails: every announcement; 拟建/审批 have selDesignedInfo. */
  announcements: new Set<ItemType>(['zb', 'bg', 'jg', 'yg', 'yx']),
  /** selZhongbiaoDetails: award (结果) notices. */
  awards: new Set<ItemType>(['jg']),
  /** selDesignedInfo: project records. */
  projects: new Set<ItemType>(['nj', 'sp']),
  all: new Set<ItemType>(['zb', 'bg', 'jg', 'yg', 'yx', 'nj', 'sp']),
} as const;

/** A project record's contacts need this privilege (spec §3; improveInformationAuth spends it for 拟建). */
const PROJECT_CONTACT_PRIVILEGE: PrivilegeKey = 'watchDesignedProjectConnector';

export const DOWNLOAD_PATH = '/webchat/api/zhaozhongbiaoDetails/downloadDocument';
export const TEXT_FILE_TYPE = 'text/plain; charset=utf-8';

/** Characters file systems refuse in a name, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must go
const UNSAFE_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
const FILE_NAME_MAX_CHARACTERS = 80;

/** '<title>.txt', without what Windows and macOS refuse in a name, at most 80 characters before the extension. */
export function documentFileName(title: string): string {
  const cleaned = [...title.replace(UNSAFE_FILE_NAME, ' ').replace(/\s+/g, ' ').trim()]
    .slice(0, FILE_NAME_MAX_CHARACTERS)
    .join('')
    .trim();
  return `${cleaned || '公告'}.txt`;
}

function party(record: PartyRecord, item: ItemRecord, contactVisible: boolean): DetailParty {
  return {
    companyId: record.companyId,
    name: record.name,
    role: record.role,
    roleName: roleName(record.role, item.docType, item.noticeKind),
    lot: record.lot,
    rank: record.rank,
    amount: amountView(record.awardFen, record.awardRaw),
    contactName: contactVisible ? record.contactName : maskName(record.contactName),
    contactPhone:
      contactVisible || record.contactPhone === null ? record.contactPhone : maskPhone(record.contactPhone),
    address: record.address,
  };
}

function projectFacts(record: ProjectDetailRecord | undefined): ProjectFacts | null {
  if (!record) return null;
  const stage = approvalStage(record.stageCode);
  return {
    stageCode: record.stageCode,
    stageName: stage?.name ?? null,
    phaseName: stage?.phaseName ?? null,
    approvalAuthority: record.approvalAuthority,
    approvalCode: record.approvalCode,
    documentNumber: record.documentNumber,
    approvalResult: record.approvalResult,
    approvalDate: record.approvalDate,
    totalInvestment: amountView(record.totalInvestmentFen, record.totalInvestmentRaw),
    constructionSite: record.constructionSite,
    constructionScale: record.constructionScale,
    plannedStart: record.plannedStart,
    plannedEnd: record.plannedEnd,
  };
}

/** The project's items, this one included; an item without a project key is its own timeline. */
function timelineOf(item: ItemRecord, records: TimelineRecord[]) {
  const entries = records.some((record) => record.id === item.id)
    ? records
    : [
        ...records,
        {
          id: item.id,
          docType: item.docType,
          noticeKind: item.noticeKind,
          title: item.title,
          publishDate: item.publishDate,
        },
      ];
  return entries.map((record) => ({
    id: record.id,
    type: record.docType as ItemType,
    typeName: typeName(record.docType),
    noticeKindName: noticeKindName(record.noticeKind),
    title: record.title,
    publishDate: record.publishDate,
    current: record.id === item.id,
  }));
}

/** The announcement text file: a heading of the item's facts, then its text (UTF-8 with BOM, CRLF lines). */
/** Where the notice was published, its own source first; one site once (a repost may name the same site). */
function allSources(item: ItemRecord): { url: string | null; name: string | null }[] {
  const own =
    item.sourceUrl !== null || item.sourceName !== null
      ? [{ url: item.sourceUrl, name: item.sourceName }]
      : [];
  const seen = new Set<string>();
  return [...own, ...item.otherSources].filter((source) => {
    const key = source.url ?? `name:${source.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function sourceNames(item: ItemRecord): string {
  return [...new Set(allSources(item).flatMap((source) => (source.name ? [source.name] : [])))].join('、');
}

function sourcesOf(item: ItemRecord) {
  return allSources(item).map((source) => ({ name: source.name, hasLink: source.url !== null }));
}

function sourceLinks(item: ItemRecord): { url: string; sourceName: string | null }[] {
  return allSources(item).flatMap((source) =>
    source.url === null ? [] : [{ url: source.url, sourceName: source.name }],
  );
}

function documentText(item: ItemRecord, body: string): string {
  const region = regionView(item.provinceCode, item.cityCode, item.districtCode).regionText;
  const method = procurementMethodName(item.procurementMethod);
  const heading = [
    item.title,
    `信息类型：${noticeKindName(item.noticeKind) ?? typeName(item.docType)}${method ? `（${method}）` : ''}`,
    `发布日期：${item.publishDate}`,
    region ? `地区：${region}` : undefined,
    item.projectCode ? `项目编号：${item.projectCode}` : undefined,
    sourceNames(item) ? `来源：${sourceNames(item)}` : undefined,
  ].filter((line): line is string => line !== undefined);
  // Notepad on older Windows reads a file without BOM as the ANSI code page: the BOM keeps Chinese legible.
  return `\uFEFF${[...heading, '', body].join('\r\n').replace(/\r?\n/g, '\r\n')}\r\n`;
}

/**
 * The detail screens, the source link and the documents (spec §7 Detail and downloads). Every view goes through
 * the gate service in spend mode with the item, so it costs once per item per day and refuses with the gate's
 * dialog; a view that passes is recorded in the browsing history.
 */
export function detailService(db: Database, gates: GateService, history: HistoryService) {
  const queries = detailQueries(db);
  // The first statement of every detail view: the views that arrive together read their items in one (ADR 0027).
  const findItemView = batcher<ItemViewRequest, ItemViewRecord | undefined>((views) =>
    queries.findItemViews(views, VIEW_PRIVILEGES),
  );

  function opened<Item extends ItemRecord>(item: Item | undefined, types: ReadonlySet<ItemType>): Item {
    if (!item || !types.has(item.docType as ItemType)) {
      throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.gates.itemNotFound);
    }
    return item;
  }

  async function itemOf(id: number, types: ReadonlySet<ItemType>): Promise<ItemRecord> {
    return opened(await queries.findItem(id), types);
  }

  /**
   * The caller with its membership, read once for the request next to `read` (the item): the view's gate and the
   * contacts' rule then both use it instead of reading it again.
   */
  async function withMembership<T>(caller: GateCaller, read: Promise<T>): Promise<[GateCaller, T]> {
    const [membership, value] = await Promise.all([membershipOf(db, caller), read]);
    return [{ ...caller, membership }, value];
  }

  /** The gate's view of the item: the same key the permission checks use, so a check then a view costs once. */
  function gateItem(item: ItemRecord): GateItem {
    return { kind: item.docType, id: String(item.id), provinceCode: item.provinceCode };
  }

  /**
   * Whether contacts are shown as they are (docs/business-rules.md "Contacts … are masked … without the contact
   * privilege"). Announcements: any paid level — the view itself is paid for by watchZhaobiao & co., and putong's
   * free trial shows the notice without its contacts. 拟建/审批: watchDesignedProjectConnector, unlimited or spent
   * on this item today (improveInformationAuth, or `unlock`, which spends it now and refuses with its dialog).
   */
  async function contactsVisible(caller: GateCaller, item: ItemRecord, unlock: boolean): Promise<boolean> {
    if (!PROJECT_ITEM_TYPES.has(item.docType)) {
      return (await membershipOf(db, caller)).paidLevel !== undefined;
    }
    const check = { privilege: PROJECT_CONTACT_PRIVILEGE, item: gateItem(item) };
    if (unlock) {
      await gates.enforce(caller, { ...check, mode: 'spend' });
      return true;
    }
    const outcome = await gates.decide(caller, { ...check, mode: 'peek' });
    if (!outcome.allowed) return false;
    if (outcome.pass.limit === -1) return true;
    return queries.spentToday(caller.userId, PROJECT_CONTACT_PRIVILEGE, quotaDay(caller.now), check.item);
  }

  function present(item: ItemViewRecord, contactVisible: boolean, pass: GatePass): ItemDetail {
    const { parties } = item;
    const byRole = (role: PartyRecord['role']) =>
      parties.filter((record) => record.role === role).map((record) => party(record, item, contactVisible));
    return {
      id: item.id,
      type: item.docType as ItemType,
      typeName: typeName(item.docType),
      noticeKind: item.noticeKind,
      noticeKindName: noticeKindName(item.noticeKind),
      procurementMethod: item.procurementMethod,
      procurementMethodName: procurementMethodName(item.procurementMethod),
      title: item.title,
      projectName: item.projectName,
      projectCode: item.projectCode,
      provinceCode: item.provinceCode,
      cityCode: item.cityCode,
      districtCode: item.districtCode,
      ...regionView(item.provinceCode, item.cityCode, item.districtCode),
      industryCode: item.industryCode,
      industryName: industryName(item.industryCode),
      publishDate: item.publishDate,
      documentsFrom: chinaTime(item.documentsFrom),
      documentsUntil: chinaTime(item.documentsUntil),
      bidDeadline: chinaTime(item.bidDeadline),
      openingTime: chinaTime(item.openingTime),
      expectedPurchaseMonth: monthText(item.expectedPurchaseMonth),
      budget: amountView(item.budgetFen, item.budgetRaw),
      award: amountView(item.awardFen, item.awardRaw),
      purchasers: byRole('purchaser'),
      agencies: byRole('agency'),
      winners: byRole('winner'),
      candidates: byRole('candidate'),
      contactVisible,
      body: contactVisible ? item.body : maskContactsInText(item.body, parties),
      sourceName: item.sourceName,
      hasSourceLink: sourceLinks(item).length > 0,
      sources: sourcesOf(item),
      timeline: timelineOf(item, item.timeline),
      project: PROJECT_ITEM_TYPES.has(item.docType) ? projectFacts(item.project) : null,
      isCollect: item.isCollect,
      pass,
    };
  }

  return {
    /**
     * Opens one item's detail: the view's privilege (spend, once per item per day), then the contacts' rule, then
     * the browsing history. `unlockContacts` (selDesignedInfo `showContact`) spends the contact privilege too.
     */
    async view(
      caller: GateCaller,
      id: number,
      types: ReadonlySet<ItemType>,
      options: { unlockContacts?: boolean } = {},
    ): Promise<ItemDetail> {
      // One read of the item with all it shows and what the view's quota holds for it (read before the gate: a
      // refused view wasted it, a passed one saves four statements, and a view paid for already or a day spent
      // needs no spend statement), next to the membership, which both the gate and the contacts' rule use.
      const [member, found] = await withMembership(
        caller,
        findItemView({ id, userId: caller.userId, day: quotaDay(caller.now) }),
      );
      const item = opened(found, types);
      const type = item.docType as ItemType;
      const pass = await gates.enforce(member, {
        privilege: VIEW_PRIVILEGES[type],
        item: gateItem(item),
        mode: 'spend',
        seen: item.viewSpend,
      });
      const contactVisible = await contactsVisible(member, item, options.unlockContacts ?? false);
      await history.recordBrowse(caller.userId, { id: item.id, type }, caller.now);
      return present(item, contactVisible, pass);
    },

    /**
     * 医疗详情: the announcement's view (the same gate, spend and history as selZhaobiaoDetails), with the devices
     * and 注册证 facts of its text and of up to five other notices of its project (medical.ts).
     */
    async medical(caller: GateCaller, id: number) {
      const detail = await this.view(caller, id, DETAIL_TYPES.announcements);
      const others = await Promise.all(
        otherNoticesToRead(detail).map((otherId) => queries.findItem(otherId)),
      );
      return medicalDetailOf(
        detail,
        others
          .filter((other): other is ItemRecord => other !== undefined)
          .map((other) => ({
            id: other.id,
            type: other.docType as ItemType,
            title: other.title,
            body: other.body,
          })),
      );
    },

    /** The source URL through detailLink; an item without one answers 404 and costs nothing. */
    async detailLink(caller: GateCaller, id: number) {
      const item = await itemOf(id, DETAIL_TYPES.all);
      const links = sourceLinks(item);
      const [first] = links;
      if (!first) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.details.noSourceLink);
      const pass = await gates.enforce(caller, {
        privilege: 'detailLink',
        item: gateItem(item),
        mode: 'spend',
      });
      return { id: item.id, url: first.url, sourceName: first.sourceName, links, pass };
    },

    /** The project's documents (附件): downloadExpansion, checked with the item's region, never counted. */
    async projectDocuments(caller: GateCaller, id: number) {
      const item = await itemOf(id, DETAIL_TYPES.all);
      const pass = await gates.enforce(caller, {
        privilege: 'downloadExpansion',
        item: gateItem(item),
        mode: 'check',
      });
      const timeline = item.projectKey ? await queries.timeline(item.projectKey) : [];
      const documents: ProjectDocument[] = timelineOf(item, timeline).map((entry) => ({
        id: entry.id,
        type: entry.type,
        typeName: entry.typeName,
        title: entry.title,
        publishDate: entry.publishDate,
        fileName: documentFileName(entry.title),
        contentType: TEXT_FILE_TYPE,
        downloadPath: `${DOWNLOAD_PATH}?id=${entry.id}`,
        current: entry.current,
      }));
      return { id: item.id, documents, pass };
    },

    /**
     * spec §7 isFirstTimeDownloadAnnouncement: whether downloading this announcement now is the caller's first
     * download of it today — the one that costs a use of downloadAnnouncement (later ones the same day are free).
     */
    async isFirstDownloadToday(caller: GateCaller, id: number): Promise<{ firstTime: boolean }> {
      const item = opened(await queries.findItem(id), DETAIL_TYPES.all);
      const spent = await gates.spentOnItemToday(caller, 'downloadAnnouncement', gateItem(item));
      return { firstTime: !spent };
    },

    /** The announcement text as a file, through downloadAnnouncement (once per item per day). */
    async document(caller: GateCaller, id: number): Promise<{ fileName: string; content: string }> {
      const [member, found] = await withMembership(caller, queries.findItem(id));
      const item = opened(found, DETAIL_TYPES.all);
      await gates.enforce(member, { privilege: 'downloadAnnouncement', item: gateItem(item), mode: 'spend' });
      const visible = await contactsVisible(member, item, false);
      const body = visible ? item.body : maskContactsInText(item.body, await queries.parties(item.id));
      return { fileName: documentFileName(item.title), content: documentText(item, body) };
    },
  };
}

export type DetailService = ReturnType<typeof detailService>;
