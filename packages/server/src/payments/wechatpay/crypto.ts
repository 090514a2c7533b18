import { createDecipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';

/**
 * The cryptography of WeChat Pay API v3 on node:crypto (docs/payments.md): request signatures
 * (WECHATPAY2-SHA256-RSA2048), response and notification signature checks, and AES-256-GCM decryption of a
 * notification's resource with the APIv3 key.
 */

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** WeChat Pay sends probe notifications whose signature starts so: a merchant that accepts them does not verify. */
export const SIGN_TEST_PREFIX = 'WECHATPAY/SIGNTEST/';

/** The message a request signature covers: method, path with query, timestamp, nonce, body — each line-ended. */
export function requestMessage(
  method: string,
  pathWithQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
) {
  return `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The message a response or notification signature covers: timestamp, nonce, body — each line-ended. */
export function responseMessage(timestamp: string, nonce: string, body: string) {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function signSha256Rsa(privateKey: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function verifySha256Rsa(publicKey: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** A 32-character random string for nonce_str. */
export function nonceString(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** The Authorization header of a request to WeChat Pay, signed with the merchant's API private key. */
export function authorizationHeader(options: {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
  method: string;
  pathWithQuery: string;
  body: string;
  timestamp: string;
  nonce: string;
}): string {
  const signature = signSha256Rsa(
    options.privateKey,
    requestMessage(options.method, options.pathWithQuery, options.timestamp, options.nonce, options.body),
  );
  return `${AUTH_SCHEMA} mchid="${options.mchId}",nonce_str="${options.nonce}",signature="${signature}",timestamp="${options.timestamp}",serial_no="${options.serialNo}"`;
}

/** The fields of an Authorization header (the fake WeChat Pay reads ours with it). */
export function parseAuthorization(header: string | undefined): Record<string, string> | undefined {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return undefined;
  const fields: Record<string, string> = {};
  for (const match of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    fields[match[1] as string] = match[2] as string;
  }
  return fields;
}

/** A notification's encrypted resource (WeChat Pay's `resource` object). */
export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

/**
 * AEAD_AES_256_GCM with the APIv3 key (32 bytes): the ciphertext is base64 of the encrypted bytes followed by the
 * 16-byte tag; nonce and associated data are plain text. Throws when the tag does not authenticate.
 */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM')
    throw new Error(`unsupported algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}
