import { type ApiClient, loadDictionary } from '@tender/api-client';
import { customerMobileEndpoint } from '@tender/contracts';
import { useEffect, useState } from 'react';

/** The dictionary that holds the unPay dialog's contact text (spec §2 unPay). */
export const PAY_CONTENT_DICTIONARY = 'shenjims_pay_content';

/** What the dialogs read from server configuration (spec §1, §2). */
export interface PermissionDialogServerConfig {
  /** The brand's support phone (contact `mobile`); '' without one. */
  supportPhone: string;
  /** unPay: the first entry of shenjims_pay_content; '' without one (the dialog falls back). */
  payContent: string;
  /** pcUse: the official account's QR image (contact `qrcode`); '' without one. */
  officialAccountQr: string;
}

const EMPTY: PermissionDialogServerConfig = { supportPhone: '', payContent: '', officialAccountQr: '' };

/** Loads the contact ways and the pay dictionary once; failures leave the fields empty (spec §8). */
export async function loadPermissionDialogServerConfig(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<PermissionDialogServerConfig> {
  const [contacts, payContent] = await Promise.all([
    client.call(customerMobileEndpoint, {}, { silent: true, signal }).catch(() => []),
    loadDictionary(client, PAY_CONTENT_DICTIONARY, { signal }),
  ]);
  const contact = (label: string) => contacts.find((entry) => entry.label === label)?.value ?? '';
  return {
    supportPhone: contact('mobile'),
    payContent: payContent[0]?.label ?? '',
    officialAccountQr: contact('qrcode'),
  };
}

/** {@link loadPermissionDialogServerConfig} as a hook: empty fields until loaded. */
export function usePermissionDialogServerConfig(client: ApiClient): PermissionDialogServerConfig {
  const [config, setConfig] = useState(EMPTY);
  useEffect(() => {
    const controller = new AbortController();
    loadPermissionDialogServerConfig(client, controller.signal).then(setConfig, () => {});
    return () => controller.abort();
  }, [client]);
  return config;
}
