import type {
  EndpointResponse,
  ItemDetail,
  ItemType,
  MedicalDevice,
  selMedicalDetailsEndpoint,
} from '@tender/contracts';
import { deviceRegistrationsIn, isMedicalNotice } from '@tender/domain';
import { findDates } from '../extract/dates';

type MedicalDetail = EndpointResponse<typeof selMedicalDetailsEndpoint>;

/** At most this many other notices of the project are read for devices (a project has one or two results). */
const OTHER_NOTICES_READ = 5;

/** Labels of a device's fields as notices write them, longest first so 产品名称 wins over 名称. */
const FIELD_LABELS: readonly [keyof Omit<MedicalDevice, 'sourceId'>, RegExp][] = [
  ['name', /^(?:产品名称|设备名称|货物名称|标的名称|器械名称|名称)$/],
  ['brand', /^(?:品牌|品牌名称)$/],
  ['model', /^(?:规格型号|型号规格|规格型号及配置|型号)$/],
  ['quantity', /^(?:数量|采购数量)$/],
  ['holder', /^(?:注册人|注册人名称|注册证持有人|生产厂家|生产企业|制造商)$/],
  ['approvedOn', /^(?:批准日期|发证日期|注册日期)$/],
  ['validUntil', /^(?:有效期至|有效期限至|注册证有效期至|有效期)$/],
];

/** The `label：value` fields of one line of a notice (`；`, `;` or `，` between them). */
function fieldsOf(line: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of line.split(/[；;]/)) {
    const match = /^\s*(?:包\d+[：:])?\s*([^：:，,]{1,12})[：:]\s*(.+?)\s*$/.exec(part);
    if (!match?.[1] || !match[2]) continue;
    for (const [field, label] of FIELD_LABELS) {
      if (label.test(match[1].trim()) && !fields.has(field)) fields.set(field, match[2]);
    }
  }
  return fields;
}

/** The first date of a field's text as 'YYYY-MM-DD' (2027年5月9日, 2027-05-09, 2027/5/9). */
function dateOf(text: string | undefined): string | null {
  const [date] = text ? findDates(text) : [];
  if (!date) return null;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/**
 * The medical devices a notice's text states: each 注册证编号 with the facts on its own line (名称, 品牌, 规格型号,
 * 数量, 注册人, 批准日期, 有效期至) and what the number itself says (authority, origin, class, year). A line is one
 * device; a number the text repeats is read once, at its first line.
 */
export function medicalDevicesIn(text: string, sourceId: number): MedicalDevice[] {
  const devices = new Map<string, MedicalDevice>();
  for (const line of text.split(/\r?\n/)) {
    const registrations = deviceRegistrationsIn(line);
    if (registrations.length === 0) continue;
    const fields = fieldsOf(line);
    for (const registration of registrations) {
      if (devices.has(registration.registrationNumber)) continue;
      devices.set(registration.registrationNumber, {
        ...registration,
        name: fields.get('name') ?? null,
        brand: fields.get('brand') ?? null,
        model: fields.get('model') ?? null,
        quantity: fields.get('quantity') ?? null,
        holder: fields.get('holder') ?? null,
        approvedOn: dateOf(fields.get('approvedOn')),
        validUntil: dateOf(fields.get('validUntil')),
        sourceId,
      });
    }
  }
  return [...devices.values()];
}

/**
 * 医疗详情 of a viewed notice: its devices, then those of the project's other notices (`others`, read by the
 * caller from the timeline), each registration number once; and the register date list.
 */
export function medicalDetailOf(
  detail: ItemDetail,
  others: readonly { id: number; type: ItemType; title: string; body: string }[],
): MedicalDetail {
  const devices = new Map<string, MedicalDevice>();
  const sources: MedicalDetail['sources'] = [];
  for (const notice of [
    { id: detail.id, type: detail.type, title: detail.title, body: detail.body },
    ...others,
  ]) {
    const found = medicalDevicesIn(notice.body, notice.id).filter(
      (device) => !devices.has(device.registrationNumber),
    );
    if (found.length === 0) continue;
    sources.push({ id: notice.id, title: notice.title, type: notice.type });
    for (const device of found) devices.set(device.registrationNumber, device);
  }
  const registerDates = [...devices.values()]
    .flatMap((device) =>
      [
        ...(device.approvedOn ? [{ date: device.approvedOn, kind: '批准' as const }] : []),
        ...(device.validUntil ? [{ date: device.validUntil, kind: '有效期至' as const }] : []),
      ].map((entry) => ({ ...entry, registrationNumber: device.registrationNumber, name: device.name })),
    )
    .sort((a, b) => a.date.localeCompare(b.date));
  return {
    id: detail.id,
    title: detail.title,
    type: detail.type,
    publishDate: detail.publishDate,
    isMedical: devices.size > 0 || isMedicalNotice(detail.title, detail.body),
    devices: [...devices.values()],
    registerDates,
    sources,
    pass: detail.pass,
  };
}

/** The project's other notices worth reading: results first (they name brands and registrations), newest first. */
export function otherNoticesToRead(detail: ItemDetail): number[] {
  return detail.timeline
    .filter((entry) => !entry.current && ['jg', 'zb', 'bg'].includes(entry.type))
    .sort(
      (a, b) =>
        Number(b.type === 'jg') - Number(a.type === 'jg') || b.publishDate.localeCompare(a.publishDate),
    )
    .slice(0, OTHER_NOTICES_READ)
    .map((entry) => entry.id);
}
