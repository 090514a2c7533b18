import { RESPONSE_CODES } from '@tender/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock';
import { importNotices, noticeRecord } from '../crawl/notice-record';
import type { Database } from '../db/database';
import { bearerToken } from '../http/endpoint-route';
import type { FieldProblem } from '../ingest/record';
import { messages } from '../messages';
import { partnerOfKey } from './keys';

export const PARTNER_NOTICES_PATH = '/partner/v1/notices';
/** A saved notice page with its scripts and styles is rarely above 1 MB; 4 MB leaves room without inviting floods. */
const BODY_LIMIT_BYTES = 4 * 1024 * 1024;

const text = messages.ingest;
const ANNOUNCEMENT_TYPES = ['zb', 'bg', 'jg', 'yg', 'yx', 'nj', 'sp'] as const;

/** What a partner's crawler posts: the page as fetched, where it was, and what it knows of it. */
const partnerNotice = z.strictObject({
  sourceUrl: z
    .string({ error: text.required })
    .trim()
    .max(2000, text.tooLong(2000))
    .regex(/^https?:\/\/\S+$/i, text.badUrl),
  content: z.string({ error: text.required }).min(1, text.empty).max(2_000_000, text.tooLong(2_000_000)),
  sourceName: z.string().trim().min(1, text.empty).max(200, text.tooLong(200)).optional(),
  title: z.string().trim().min(1, text.empty).max(500, text.tooLong(500)).optional(),
  announcementType: z
    .enum(ANNOUNCEMENT_TYPES, { error: text.oneOf(ANNOUNCEMENT_TYPES.join('、')) })
    .optional(),
  publishDate: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, text.badDate)
    .optional(),
});

function refuse(
  reply: FastifyReply,
  status: number,
  message: string,
  problems: FieldProblem[] | null = null,
) {
  return reply.code(status).send({ code: status, message, data: problems ? { problems } : null });
}

/**
 * POST /partner/v1/notices: a partner's crawler hands in one raw notice (HTML or text) with its URL. It is read
 * by the field extractor and checked exactly as an NDJSON line, then written through the import's one path
 * (de-duplicated, indexed, matched to subscriptions and pushed). Answers the import's counts, or 400 with each
 * problem naming its field.
 */
export function partnerIngestRoutes(
  app: FastifyInstance,
  dependencies: { db: Database; clock: Clock },
): void {
  const { db, clock } = dependencies;
  app.post(PARTNER_NOTICES_PATH, { bodyLimit: BODY_LIMIT_BYTES }, async (request, reply) => {
    const partner = await partnerOfKey(db, bearerToken(request), clock());
    if (!partner) return refuse(reply, RESPONSE_CODES.UNAUTHORIZED, messages.crawl.badKey);
    if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
      return refuse(reply, RESPONSE_CODES.BAD_REQUEST, messages.crawl.badBody, [
        { field: text.wholeLine, reason: messages.crawl.badBody },
      ]);
    }
    const parsed = partnerNotice.safeParse(request.body);
    if (!parsed.success) {
      const problems = parsed.error.issues.flatMap((issue): FieldProblem[] =>
        issue.code === 'unrecognized_keys'
          ? issue.keys.map((key) => ({ field: key, reason: text.unknownField }))
          : [{ field: issue.path.join('.') || text.wholeLine, reason: issue.message }],
      );
      return refuse(reply, RESPONSE_CODES.BAD_REQUEST, problemsMessage(problems), problems);
    }
    const notice = parsed.data;
    const read = noticeRecord({ ...notice, sourceName: notice.sourceName ?? partner });
    if (!read.ok)
      return refuse(reply, RESPONSE_CODES.BAD_REQUEST, problemsMessage(read.problems), read.problems);
    const imported = await importNotices(db, 'partner', partner, [read.record]);
    return { code: 200, message: '成功', data: imported };
  });
}

const problemsMessage = (problems: FieldProblem[]) =>
  problems.map((problem) => `${problem.field}：${problem.reason}`).join('；');
