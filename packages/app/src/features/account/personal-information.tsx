import { Alert, Anchor, Button, Checkbox, Group, List, Stack, Text, TextInput } from '@mantine/core';
import type { EndpointFunctions } from '@tender/api-client';
import type { User } from '@tender/contracts';
import { formatDateTime, maskPhone } from '@tender/domain';
import { type ShowMessage, useConfirmDialog } from '@tender/ui-kit';
import { useEffect, useState } from 'react';
import { saveDownloadedFile } from '../export/download-export';
import { messages } from './messages';
import { SettingsSection } from './settings-section';

export type PersonalInformationApi = Pick<
  EndpointFunctions,
  'personalData' | 'cancelAccount' | 'sendMessageCode'
>;

/** The brand's 隐私政策: where to read it, and the version a consent accepts (sent as `consentVersion`). */
export interface PrivacyPolicy {
  url: string;
  version: string;
}

const SMS_CODE = /^\d{6}$/;

/** 我已阅读并同意《隐私政策》: ticked before any code is texted (PIPL). */
export function PrivacyConsentCheckbox({
  policy,
  checked,
  onChange,
}: {
  policy: PrivacyPolicy;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const t = messages.privacy;
  return (
    <Checkbox
      size="xs"
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      label={
        <Text size="xs" span>
          {t.consentPrefix}
          <Anchor href={policy.url} size="xs" target="_blank" rel="noopener noreferrer">
            {t.policyName}
          </Anchor>
        </Text>
      }
    />
  );
}

/** 个人信息副本: everything the platform keeps about the member, saved as a JSON file (PIPL art. 45). */
export function PersonalDataSection({
  api,
  showMessage,
  onFailure,
}: {
  api: PersonalInformationApi;
  showMessage: ShowMessage;
  onFailure(error: unknown): void;
}) {
  const t = messages.personalData;
  const [loading, setLoading] = useState(false);

  const download = async () => {
    setLoading(true);
    try {
      const copy = await api.personalData({});
      const blob = new Blob([JSON.stringify(copy, null, 2)], { type: 'application/json' });
      const fileName = t.fileName(formatDateTime(new Date(), 'YYYYMMDD'));
      saveDownloadedFile({ blob, fileName, contentType: 'application/json' }, fileName);
      showMessage(t.saved, 'success');
    } catch (error) {
      onFailure(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <SettingsSection title={t.title} maxWidth={720}>
      <Text size="sm" c="dimmed">
        {t.hint}
      </Text>
      <Group>
        <Button variant="light" loading={loading} onClick={() => void download()}>
          {t.download}
        </Button>
      </Group>
    </SettingsSection>
  );
}

/**
 * 注销账号 (PIPL art. 47): what goes and what stays, then a code texted to the member's own phone, a last
 * confirmation, and the way out to /login.
 */
export function CancelAccountSection({
  user,
  api,
  policy,
  showMessage,
  onFailure,
  onCancelled,
}: {
  user: User;
  api: PersonalInformationApi;
  policy: PrivacyPolicy;
  showMessage: ShowMessage;
  onFailure(error: unknown): void;
  onCancelled(): void;
}) {
  const t = messages.cancelAccount;
  const { confirm, dialog } = useConfirmDialog();
  const [consent, setConsent] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [resendIn, setResendIn] = useState(0);
  const [sending, setSending] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const sendCode = async () => {
    if (!consent) return showMessage(messages.privacy.consentRequired, 'warning');
    setSending(true);
    try {
      const sent = await api.sendMessageCode({
        mobile: user.mobile,
        purpose: 'cancelAccount',
        consentVersion: policy.version,
      });
      setResendIn(sent.resendAfter);
      showMessage(t.codeSent(maskPhone(user.mobile)), 'success');
    } catch (error) {
      onFailure(error);
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    if (!SMS_CODE.test(code.trim())) return setCodeError(t.codeInvalid);
    if (!(await confirm({ message: t.confirm, kind: 'operation' }))) return;
    setCancelling(true);
    try {
      await api.cancelAccount({ code: code.trim() });
      showMessage(t.done, 'success');
      onCancelled();
    } catch (error) {
      onFailure(error);
      setCancelling(false);
    }
  };

  return (
    <>
      <SettingsSection title={t.title} maxWidth={720}>
        <Alert color="red" variant="light" title={t.warningTitle}>
          <Stack gap={6}>
            <Text size="sm">{t.deletedLead}</Text>
            <List size="sm" withPadding>
              {t.deleted.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
            <Text size="sm">{t.keptLead}</Text>
            <List size="sm" withPadding>
              {t.kept.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
            <Text size="sm" fw={600}>
              {t.irreversible}
            </Text>
            {!user.primaryUser && <Text size="sm">{t.subAccountHint}</Text>}
          </Stack>
        </Alert>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t.codeTo(maskPhone(user.mobile))}</Text>
            <PrivacyConsentCheckbox policy={policy} checked={consent} onChange={setConsent} />
            <Group align="flex-start" wrap="nowrap">
              <TextInput
                label={t.code}
                inputMode="numeric"
                autoComplete="one-time-code"
                style={{ flex: 1 }}
                maw={240}
                value={code}
                error={codeError}
                onChange={(event) => {
                  setCode(event.currentTarget.value);
                  setCodeError(undefined);
                }}
              />
              <Button
                variant="light"
                mt={25}
                w={140}
                disabled={resendIn > 0}
                loading={sending}
                onClick={() => void sendCode()}
              >
                {resendIn > 0 ? t.resendIn(resendIn) : t.sendCode}
              </Button>
            </Group>
            <Group>
              <Button type="submit" color="red.9" loading={cancelling}>
                {t.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      </SettingsSection>
      {dialog}
    </>
  );
}
