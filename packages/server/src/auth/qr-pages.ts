import { mobileSchema, smsCodeSchema } from '@tender/contracts';
import { maskPhone } from '@tender/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { BusinessError } from '../http/business-error';
import { escapeHtml, htmlPage } from '../http/html-page';
import { validate } from '../http/validation';
import { messages } from '../messages';
import type { Tenant } from '../tenants/queries';
import type { TenantService } from '../tenants/service';
import { QR_CONFIRM_PATH, type QrLoginService } from './qr-login';
import type { SignInService } from './sign-in-service';
import type { SmsCodeService } from './sms-codes';

export const SEND_CODE_PATH = '/webchat/ma-login/send-code';

export interface QrPageDependencies {
  tenants: TenantService;
  qrLogin: QrLoginService;
  codes: SmsCodeService;
  /** The account of the confirmed phone, created as an SMS sign-in creates it. */
  accounts: Pick<SignInService, 'account'>;
}

const STYLE = `
  label{display:block;font-size:14px;margin:14px 0 6px}
  input{width:100%;font-size:17px;padding:11px 12px;border:1px solid #d0d3d6;border-radius:8px}
  .row{display:flex;gap:8px}.row input{flex:1}
  button{font-size:16px;border-radius:8px;border:0;padding:12px 14px;cursor:pointer}
  .secondary{background:#eef3ff;color:#1d5fd1;white-space:nowrap}
  .primary{width:100%;margin-top:20px;background:#1d5fd1;color:#fff}
`;

function page(title: string, brandTitle: string, body: string): string {
  return htmlPage({ title, brandTitle, style: STYLE, body });
}

interface FormState {
  /** The sign-in id (never the browser's claim secret, which the phone does not have). */
  id: string;
  mobile?: string;
  notice?: { kind: 'error' | 'info'; text: string };
}

function confirmForm(state: FormState): string {
  const notice = state.notice
    ? `<p class="notice ${state.notice.kind}" role="${state.notice.kind === 'error' ? 'alert' : 'status'}">${escapeHtml(state.notice.text)}</p>`
    : '';
  return `${notice}<p>${escapeHtml(messages.qrPage.intro)}</p>
<form method="post" action="${QR_CONFIRM_PATH}">
<input type="hidden" name="id" value="${escapeHtml(state.id)}">
<label for="mobile">${escapeHtml(messages.qrPage.mobileLabel)}</label>
<div class="row">
<input id="mobile" name="mobile" type="tel" inputmode="numeric" autocomplete="tel" maxlength="11" required
  pattern="1[3-9][0-9]{9}" value="${escapeHtml(state.mobile ?? '')}">
<button class="secondary" type="submit" formaction="${SEND_CODE_PATH}" formnovalidate>${escapeHtml(messages.qrPage.sendCode)}</button>
</div>
<label for="code">${escapeHtml(messages.qrPage.codeLabel)}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}">
<button class="primary" type="submit">${escapeHtml(messages.qrPage.confirm)}</button>
</form>
<p class="hint">${escapeHtml(messages.qrPage.warning)}</p>`;
}

const formSchema = z.object({
  id: z.string().trim().min(1).max(64),
  mobile: z.string().optional(),
  code: z.string().optional(),
});

type Form = z.infer<typeof formSchema>;

/** The schema's own message ('请输入正确的 11 位手机号'), for a person rather than a program. */
function fieldProblem(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value ?? '');
  return result.success ? undefined : (result.error.issues[0]?.message ?? messages.badRequestBody(undefined));
}

/**
 * The confirm page the QR code opens on the phone (plain server-rendered HTML, no script, no external asset):
 * it asks for the phone number and an SMS code, so a sign-in id alone signs nobody in. Forms post back here as
 * `application/x-www-form-urlencoded`; every answer is a page, never JSON.
 */
export async function qrPageRoutes(app: FastifyInstance, dependencies: QrPageDependencies) {
  const { tenants, qrLogin, codes, accounts } = dependencies;

  function send(reply: FastifyReply, html: string) {
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      )
      .send(html);
  }

  function noticePage(reply: FastifyReply, brandTitle: string, text: string) {
    return send(
      reply,
      page(messages.qrPage.title, brandTitle, `<p class="notice info">${escapeHtml(text)}</p>`),
    );
  }

  /**
   * Runs `work` for a sign-in that can still be confirmed (opening it marks it SCANNED); any other gets the page
   * saying it is confirmed or expired.
   */
  async function withOpenSignIn(
    input: unknown,
    reply: FastifyReply,
    work: (form: Form, signIn: { id: number; tenant: Tenant }) => unknown,
  ) {
    const form = validate(formSchema, input ?? {});
    if (!form.ok) return noticePage(reply, '', messages.qrPage.expired);
    const state = await qrLogin.open(form.value.id, true);
    if (state.kind !== 'open') {
      return noticePage(
        reply,
        '',
        state.kind === 'confirmed' ? messages.qrPage.confirmed : messages.qrPage.expired,
      );
    }
    const tenant = await tenants.resolve(state.signIn.brandId);
    return work(form.value, { id: state.signIn.id, tenant });
  }

  function formPage(reply: FastifyReply, tenant: Tenant, state: FormState) {
    return send(reply, page(messages.qrPage.title, tenant.title, confirmForm(state)));
  }

  await app.register(async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    // A refusal of the rate limits (src/security/rate-limit.ts guards these forms as the API) is a page too.
    pages.setErrorHandler((error, _request, reply) => {
      if (!(error instanceof BusinessError)) throw error;
      return noticePage(reply, '', error.message);
    });

    pages.get(QR_CONFIRM_PATH, (request, reply) =>
      withOpenSignIn(request.query, reply, (form, { tenant }) => formPage(reply, tenant, { id: form.id })),
    );

    pages.post(SEND_CODE_PATH, (request, reply) =>
      withOpenSignIn(request.body, reply, async (form, { tenant }) => {
        const error = (text: string) =>
          formPage(reply, tenant, {
            id: form.id,
            mobile: form.mobile,
            notice: { kind: 'error', text },
          });
        const problem = fieldProblem(mobileSchema, form.mobile);
        if (problem) return error(problem);
        const mobile = mobileSchema.parse(form.mobile);
        try {
          await codes.send({ brandId: tenant.id, mobile, purpose: 'qr', ip: request.ip });
        } catch (refused) {
          if (!(refused instanceof BusinessError)) throw refused;
          return error(refused.message);
        }
        return formPage(reply, tenant, {
          id: form.id,
          mobile,
          notice: { kind: 'info', text: messages.qrPage.codeSent(maskPhone(mobile)) },
        });
      }),
    );

    pages.post(QR_CONFIRM_PATH, (request, reply) =>
      withOpenSignIn(request.body, reply, async (form, signIn) => {
        const { tenant } = signIn;
        const error = (text: string) =>
          formPage(reply, tenant, {
            id: form.id,
            mobile: form.mobile,
            notice: { kind: 'error', text },
          });
        const problem = fieldProblem(mobileSchema, form.mobile) ?? fieldProblem(smsCodeSchema, form.code);
        if (problem) return error(problem);
        const mobile = mobileSchema.parse(form.mobile);
        try {
          await codes.verify(tenant.id, mobile, 'qr', smsCodeSchema.parse(form.code));
        } catch (refused) {
          if (!(refused instanceof BusinessError)) throw refused;
          return error(refused.message);
        }
        const user = await accounts.account(tenant, mobile);
        if (user.frozenAt) return error(messages.qrPage.frozen);
        const confirmed = await qrLogin.confirm(signIn.id, user);
        return noticePage(
          reply,
          tenant.title,
          confirmed ? messages.qrPage.confirmed : messages.qrPage.expired,
        );
      }),
    );
  });
}
