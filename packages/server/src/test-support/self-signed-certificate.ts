import { createSign, type KeyObject, randomBytes } from 'node:crypto';

/**
 * A self-signed X.509 v3 certificate made with node:crypto alone (Node 20 can read certificates but not write
 * them; no openssl binary at test time): the DER of the TBSCertificate is assembled by hand and signed with
 * sha256WithRSAEncryption. Enough for the fake WeChat Pay's platform certificate, and (with `dnsNames`) for a local
 * TLS server that answers for other hosts' names (the fake group robots).
 */

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size]);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), length(content.length), content]);
}

const sequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
const nullValue = () => Buffer.from([0x05, 0x00]);
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const bitString = (bytes: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), bytes]));
const explicit = (tagNumber: number, content: Buffer) => tlv(0xa0 | tagNumber, content);
const octetString = (bytes: Buffer) => tlv(0x04, bytes);

/** The subjectAltName extension with these DNS names (GeneralName dNSName is [2] IMPLICIT IA5String). */
const subjectAltNames = (dnsNames: readonly string[]) =>
  sequence(
    oid('2.5.29.17'),
    octetString(sequence(...dnsNames.map((dnsName) => tlv(0x82, Buffer.from(dnsName, 'ascii'))))),
  );

function integer(bytes: Buffer): Buffer {
  let value = bytes;
  while (value.length > 1 && value[0] === 0 && ((value[1] as number) & 0x80) === 0) value = value.subarray(1);
  if (((value[0] as number) & 0x80) !== 0) value = Buffer.concat([Buffer.from([0]), value]);
  return tlv(0x02, value);
}

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number) as [number, number, ...number[]];
  const bytes = [first * 40 + second];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let value = part >> 7; value > 0; value >>= 7) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime 'YYMMDDHHMMSSZ' (years 1950–2049). */
function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14);
  return tlv(0x17, Buffer.from(`${text}Z`, 'ascii'));
}

const name = (commonName: string, organization: string) =>
  sequence(
    set(sequence(oid('2.5.4.10'), utf8(organization))),
    set(sequence(oid('2.5.4.3'), utf8(commonName))),
  );

export interface SelfSignedCertificate {
  pem: string;
  /** The serial number as X509Certificate.serialNumber prints it: upper-case hex. */
  serialNumber: string;
}

export function selfSignedCertificate(options: {
  publicKey: KeyObject;
  privateKey: KeyObject;
  commonName: string;
  organization?: string;
  notBefore: Date;
  notAfter: Date;
  /** The host names a TLS client may reach with it (subjectAltName); default: none. */
  dnsNames?: readonly string[];
}): SelfSignedCertificate {
  const serial = randomBytes(20);
  serial[0] = ((serial[0] as number) & 0x7f) | 0x10; // positive, and no leading zero byte to strip
  const signatureAlgorithm = sequence(oid('1.2.840.113549.1.1.11'), nullValue());
  const subject = name(options.commonName, options.organization ?? 'Tenpay.com');
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    signatureAlgorithm,
    subject,
    sequence(utcTime(options.notBefore), utcTime(options.notAfter)),
    subject,
    options.publicKey.export({ type: 'spki', format: 'der' }),
    ...(options.dnsNames?.length ? [explicit(3, sequence(subjectAltNames(options.dnsNames)))] : []),
  );
  const signature = createSign('RSA-SHA256').update(tbs).sign(options.privateKey);
  const der = sequence(tbs, signatureAlgorithm, bitString(signature));
  const base64 = der.toString('base64').replace(/(.{64})/g, '$1\n');
  return {
    pem: `-----BEGIN CERTIFICATE-----\n${base64}${base64.endsWith('\n') ? '' : '\n'}-----END CERTIFICATE-----\n`,
    serialNumber: serial.toString('hex').toUpperCase(),
  };
}
