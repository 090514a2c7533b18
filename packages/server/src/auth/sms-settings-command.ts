import { parseArgs } from 'node:util';
import { SMS_PURPOSES } from '@tender/contracts';
import { formatDateTime } from '@tender/domain';
import { operatorActor, recordAudit } from '../audit/audit-log';
import type { Command, CommandContext } from '../cli/commands';
import { systemClock } from '../clock';
import type { Database } from '../db/database';
import { messages } from '../messages';
import { tenantQueries } from '../tenants/queries';
import { type BrandSmsSettings, smsSettingsQueries } from './sms-settings';
import type { SmsVendorName } from './sms-vendor-config';

const text = messages.smsSettingsCli;
const PROVIDERS: readonly SmsVendorName[] = ['aliyun', 'tencent'];
/** Aliyun's template codes read SMS_123456789; Tencent's template ids are numbers. */
const TEMPLATE_ID: Record<SmsVendorName, RegExp> = { aliyun: /^SMS_\d+$/, tencent: /^\d+$/ };

function provider(value: string | undefined): SmsVendorName {
  if (value === undefined) throw new Error(text.missingOption('--provider'));
  if (!(PROVIDERS as readonly string[]).includes(value)) throw new Error(text.badProvider(value));
  return value as SmsVendorName;
}

function describe(settings: BrandSmsSettings): string[] {
  return [
    text.heading(settings.brandId, settings.provider, settings.signName, settings.templateParam),
    ...SMS_PURPOSES.map((purpose) => {
      const id = settings.templates[purpose];
      return id ? text.template(purpose, id) : text.noTemplate(purpose);
    }),
    `  ${formatDateTime(settings.updatedAt, 'YYYY-MM-DD HH:mm:ss')}`,
  ];
}

/** `--template login=SMS_1 --template qr=`: the changes to the templates; an empty id removes the purpose's. */
function templateChanges(values: readonly string[], vendor: SmsVendorName): Map<string, string> {
  const changes = new Map<string, string>();
  for (const value of values) {
    const match = /^([^=\s]+)=(\S*)$/.exec(value.trim());
    if (!match) throw new Error(text.badTemplateOption(value));
    const [, purpose, id] = match as unknown as [string, string, string];
    if (!(SMS_PURPOSES as readonly string[]).includes(purpose))
      throw new Error(text.badPurpose(purpose, SMS_PURPOSES));
    if (id !== '' && !TEMPLATE_ID[vendor].test(id)) throw new Error(text.badTemplateId(vendor, id));
    changes.set(purpose, id);
  }
  return changes;
}

async function show(db: Database, args: string[], print: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { brand: { type: 'string' }, provider: { type: 'string' } },
    strict: true,
  });
  const vendor = values.provider === undefined ? undefined : provider(values.provider);
  const rows = (await smsSettingsQueries(db).list(values.brand)).filter(
    (row) => vendor === undefined || row.provider === vendor,
  );
  if (rows.length === 0) print(text.none);
  for (const row of rows) for (const line of describe(row)) print(line);
}

async function set(db: Database, args: string[], context: CommandContext): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      brand: { type: 'string' },
      provider: { type: 'string' },
      'sign-name': { type: 'string' },
      template: { type: 'string', multiple: true, default: [] },
      'template-param': { type: 'string' },
    },
    strict: true,
  });
  if (values.brand === undefined) throw new Error(text.missingOption('--brand'));
  const vendor = provider(values.provider);
  const signName = values['sign-name']?.trim();
  if (signName !== undefined && (signName.length < 2 || signName.length > 20)) {
    throw new Error(text.badSignName(signName));
  }
  const templateParam = values['template-param']?.trim();
  if (templateParam !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,31}$/.test(templateParam)) {
    throw new Error(text.badTemplateParam(templateParam));
  }
  const changes = templateChanges(values.template, vendor);
  const brandId = values.brand;
  if (!(await tenantQueries(db).find(brandId))) throw new Error(text.noSuchBrand(brandId));

  const now = (context.clock ?? systemClock)();
  const saved = await db.transaction(async (tx) => {
    const queries = smsSettingsQueries(tx);
    const before = await queries.find(brandId, vendor);
    const sign = signName ?? before?.signName;
    if (!sign) throw new Error(text.signNameFirst);
    const templates = { ...before?.templates };
    for (const [purpose, id] of changes) {
      if (id === '') delete templates[purpose];
      else templates[purpose] = id;
    }
    const after: BrandSmsSettings = {
      brandId,
      provider: vendor,
      signName: sign,
      templates,
      templateParam: templateParam ?? before?.templateParam ?? 'code',
      updatedAt: now,
    };
    await queries.save(after);
    const view = (settings: BrandSmsSettings) => ({
      signName: settings.signName,
      templates: settings.templates,
      templateParam: settings.templateParam,
    });
    await recordAudit(tx, {
      brandId,
      action: 'sms.settings',
      userId: null,
      actor: operatorActor('sms-settings set'),
      target: vendor,
      detail: { before: before ? view(before) : null, after: view(after) },
      at: now,
    });
    return after;
  });
  context.print(text.saved(brandId, vendor));
  for (const line of describe(saved)) context.print(line);
}

/**
 * `tender-server sms-settings show|set`: each brand's SMS sign and templates at each vendor (migration 0028),
 * which `SMS_PROVIDER=aliyun|tencent` send with. Changes are audited (`sms.settings`).
 */
export const smsSettingsCommand: Command = {
  name: 'sms-settings',
  summary: '短信签名与模板：show 查看，set 设置某品牌在某服务商的签名、各用途的模板ID（记审计）',
  async run(context: CommandContext) {
    const [name, ...args] = context.args;
    if (name !== 'show' && name !== 'set') {
      const usage = text.usage(SMS_PURPOSES);
      throw new Error(name === undefined ? usage : `${text.unknownSubcommand(name)}\n${usage}`);
    }
    const db = await context.openDatabase();
    try {
      if (name === 'show') await show(db, args, context.print);
      else await set(db, args, context);
    } finally {
      await db.close();
    }
  },
};
