import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import { SECTION_HEADING } from '../extract/classify';
import { extractFields } from '../extract/extract-fields';
import { htmlToText, normalizeText } from '../extract/normalize';
import type { AnnouncementTypeCode, ExtractedFields } from '../extract/types';
import { createRun } from '../ingest/queries';
import { type FieldProblem, type TenderRecordInput, validateRecord } from '../ingest/record';
import { ingestRecords, type NumberedRecord } from '../ingest/service';

/** One raw notice as a crawler or a partner has it: the page (HTML or text) and what its source says about it. */
export interface RawNotice {
  content: string;
  sourceUrl: string;
  sourceName: string;
  /** `<source>:<the site's own id>`; absent, the URL's hash. */
  sourceId?: string;
  /** The list page's title, when it gives one apart from the page. */
  title?: string;
  /** The day the source says it was published (list row, partner hint), `YYYY-MM-DD`. */
  publishDate?: string;
  /** A type the source states (its channel, a partner's hint); the extractor's reading otherwise. */
  announcementType?: AnnouncementTypeCode;
}

const looksLikeHtml = (content: string) => /<\/?[a-z][\s\S]*>/i.test(content);

/** The notice's plain text, one paragraph per line, as the import format's `body` wants it. */
function plainText(content: string): string {
  const text = looksLikeHtml(content) ? htmlToText(content).text : content;
  return normalizeText(text);
}

const amountOf = (amount: ExtractedFields['budget']) =>
  amount ? { fen: amount.fen, raw: amount.raw, unit: amount.unit } : null;

/** The approval facts of the record; its investment goes to `construction`. */
const approvalOf = ({ totalInvestment: _, ...approval }: NonNullable<ExtractedFields['approval']>) =>
  approval;

/** The publish date a notice states in its text (公告日期 / 发布时间 …), when the source gave none. */
function statedPublishDate(text: string): string | undefined {
  const match = /(?:发布|公告|公示)(?:日期|时间)[:：\s]*(\d{4})[年\-/.](\d{1,2})[月\-/.](\d{1,2})/.exec(text);
  if (!match) return undefined;
  return `${match[1]}-${match[2]?.padStart(2, '0')}-${match[3]?.padStart(2, '0')}`;
}

/**
 * A page that gives no title of its own leaves the extractor nothing, or a section heading (`二、更正信息`) or a label
 * (`采购项目名称`): no title a member can tell a notice by, and two masked notices titled `一、项目基本情况` would
 * read as one. The project's name stands in; without one the record has no title and is reported, not imported.
 */
function listTitle(title: string | null, projectName: string | null): string | null {
  const generic =
    title !== null &&
    (SECTION_HEADING.test(title) || /^[\u4e00-\u9fa5]{2,8}(?:名称|情况|信息|内容|事项)$/.test(title));
  return title === null || generic ? projectName : title;
}

/**
 * A raw notice → an import record (docs/data-format.md "From the field extractor"): the extractor's fields carry
 * over, purchaser and agency become parties, each winner a `winner` party. The record is then validated exactly
 * as an NDJSON line is, so a crawled or posted notice meets the same rules and Chinese reasons.
 */
export function noticeRecord(
  notice: RawNotice,
): { ok: true; record: NumberedRecord['record'] } | { ok: false; problems: FieldProblem[] } {
  const body = plainText(notice.content);
  const fields = extractFields(notice.content, notice.title ? { title: notice.title } : {});
  const type = notice.announcementType ?? fields.announcementType;
  const isProject = type === 'nj' || type === 'sp';
  const contactOf = (role: 'purchaser' | 'agency') =>
    fields.contacts?.find((contact) => contact.role === role);
  const party = (role: 'purchaser' | 'agency', name: string | null) => {
    if (!name) return [];
    const contact = contactOf(role);
    return [
      {
        role,
        name,
        contactName: contact?.name ?? null,
        contactPhone: contact?.phones[0]?.number ?? null,
      },
    ];
  };
  const input: TenderRecordInput = {
    sourceId:
      notice.sourceId ?? `url:${createHash('sha256').update(notice.sourceUrl).digest('hex').slice(0, 32)}`,
    sourceUrl: notice.sourceUrl,
    sourceName: notice.sourceName,
    // A missing type is reported as a missing field, never guessed.
    announcementType: type as TenderRecordInput['announcementType'],
    procurementMethod: isProject ? null : fields.procurementMethod,
    title: notice.title ?? listTitle(fields.title, fields.projectName) ?? '',
    body,
    publishDate: (notice.publishDate ?? statedPublishDate(body)) as string,
    projectCode: fields.projectCode,
    projectName: fields.projectName,
    region: fields.region
      ? {
          provinceCode: fields.region.provinceCode,
          cityCode: fields.region.cityCode,
          districtCode: fields.region.districtCode,
        }
      : null,
    budget: amountOf(fields.budget),
    deadlines: isProject ? null : fields.deadlines,
    parties: [
      ...party('purchaser', fields.purchaser),
      ...party('agency', fields.agency),
      ...(fields.winners ?? []).map((winner) => ({
        role: 'winner' as const,
        name: winner.supplier,
        lot: winner.lot,
        award: amountOf(winner.amount),
      })),
    ],
    approval: isProject && fields.approval ? approvalOf(fields.approval) : null,
    construction:
      isProject && fields.approval?.totalInvestment
        ? { totalInvestment: amountOf(fields.approval.totalInvestment) }
        : null,
  };
  return validateRecord(input);
}

export interface NoticeImport {
  inserted: number;
  duplicates: number;
}

/**
 * Writes validated notices through the import's one path (`ingestRecords`: de-duplication, search index,
 * subscription matching and push), as one run of `kind` so the operator sees it beside file imports.
 */
export async function importNotices(
  db: Database,
  kind: 'crawl' | 'partner',
  source: string,
  records: NumberedRecord['record'][],
): Promise<NoticeImport> {
  if (records.length === 0) return { inserted: 0, duplicates: 0 };
  const fingerprint = createHash('sha256')
    .update(`${kind}:${source}:${Date.now()}:${Math.random()}`)
    .digest('hex');
  const run = await createRun(db, { kind, source, fingerprint, totalLines: records.length });
  const outcome = await ingestRecords(
    db,
    run,
    records.map((record, index) => ({ line: index + 1, record })),
  );
  return { inserted: outcome.inserted, duplicates: outcome.duplicatesBySource + outcome.duplicatesByContent };
}
