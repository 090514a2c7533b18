import {
  Avatar,
  Button,
  FileButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type EndpointFunctions, isApiError } from '@tender/api-client';
import { AVATAR_MAX_BYTES, type User } from '@tender/contracts';
import { maskPhone } from '@tender/domain';
import type { ShowMessage } from '@tender/ui-kit';
import { type ChangeEvent, type ReactNode, useEffect, useState } from 'react';
import { ApiKeysSection } from './api-keys-section';
import { messages } from './messages';
import {
  CancelAccountSection,
  PersonalDataSection,
  PrivacyConsentCheckbox,
  type PrivacyPolicy,
} from './personal-information';
import {
  type ProfileErrors,
  type ProfileForm,
  profileFormOf,
  profileUpdateOf,
  validateProfile,
} from './profile-form';
import { SettingsSection } from './settings-section';

export type AccountApi = Pick<
  EndpointFunctions,
  | 'updateUser'
  | 'uploadAvatar'
  | 'sendMessageCode'
  | 'updatePhone'
  | 'personalData'
  | 'cancelAccount'
  | 'apiKeyCreate'
  | 'apiKeyList'
  | 'apiKeyRevoke'
  | 'apiKeyWebhook'
  | 'apiKeyDeliveries'
>;

export interface AccountSettingsProps {
  user: User;
  api: AccountApi;
  /** The server's new view of the user: the store keeps it, so the popover and the badge follow. */
  onUserChanged(user: User): void;
  showMessage: ShowMessage;
  /** The brand's 隐私政策, consented to before any code is texted (PIPL). */
  privacyPolicy: PrivacyPolicy;
  /** After 注销账号: the session is gone, sign out to /login. */
  onAccountCancelled(): void;
  /** The enterprise account management, when it lives here (no 企业管理 menu). */
  enterprise?: ReactNode;
}

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const MOBILE = /^1[3-9]\d{9}$/;
const SMS_CODE = /^\d{6}$/;

/**
 * 账号设置 (/infoEdit): 个人资料, the avatar, the phone change by SMS (spec §7 User and account), and the
 * member's rights over their personal information: a copy of it, and cancelling the account (PIPL).
 */
export function AccountSettings({
  user,
  api,
  onUserChanged,
  showMessage,
  privacyPolicy,
  onAccountCancelled,
  enterprise,
}: AccountSettingsProps) {
  const sectionProps = { user, api, onUserChanged, showMessage };
  const onFailure = (error: unknown) => showUnshown(error, showMessage);
  return (
    <Stack gap="md">
      <AvatarSection {...sectionProps} />
      <ProfileSection {...sectionProps} />
      <PhoneSection {...sectionProps} privacyPolicy={privacyPolicy} />
      {enterprise}
      <ApiKeysSection
        api={api}
        origin={window.location.origin}
        onFailure={onFailure}
        showMessage={showMessage}
      />
      <PersonalDataSection api={api} showMessage={showMessage} onFailure={onFailure} />
      <CancelAccountSection
        user={user}
        api={api}
        policy={privacyPolicy}
        showMessage={showMessage}
        onFailure={onFailure}
        onCancelled={onAccountCancelled}
      />
    </Stack>
  );
}

type SectionProps = Pick<AccountSettingsProps, 'user' | 'api' | 'onUserChanged' | 'showMessage'>;

/** A failure the api-client did not show yet (the SMS endpoints are left to their screens, spec §8). */
function showUnshown(error: unknown, showMessage: ShowMessage) {
  if (isApiError(error) && !error.handled && error.message) showMessage(error.message);
}

function ProfileSection({ user, api, onUserChanged, showMessage }: SectionProps) {
  const t = messages.infoEdit;
  const [form, setForm] = useState<ProfileForm>(() => profileFormOf(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);

  const field = (name: keyof ProfileForm, required = false) => ({
    label: t[name],
    required,
    value: form[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setForm((previous) => ({ ...previous, [name]: value }));
      setErrors((previous) => ({ ...previous, [name]: undefined }));
    },
  });

  const save = async () => {
    const found = validateProfile(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await api.updateUser(profileUpdateOf(form));
      onUserChanged(saved);
      setForm(profileFormOf(saved));
      showMessage(t.saved, 'success');
    } catch (error) {
      showUnshown(error, showMessage);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="lg" component="section" aria-label={t.profile}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm" maw={720}>
          <Title order={3} size="h5">
            {t.profile}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('realUserName', true)} />
            <TextInput {...field('userName', true)} />
            <TextInput {...field('companyName', true)} />
            <TextInput {...field('industry')} />
            <TextInput {...field('jobTitle')} />
            <TextInput {...field('email')} type="email" />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={saving}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function AvatarSection({ user, api, onUserChanged, showMessage }: SectionProps) {
  const t = messages.avatar;
  const [error, setError] = useState<string>();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File | null) => {
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) return setError(t.wrongType);
    if (file.size > AVATAR_MAX_BYTES) return setError(t.tooLarge);
    setError(undefined);
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const { headimgurl } = await api.uploadAvatar(form);
      onUserChanged({ ...user, headimgurl });
      showMessage(t.saved, 'success');
    } catch (failure) {
      showUnshown(failure, showMessage);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Paper withBorder p="lg" component="section" aria-label={t.title}>
      <Group gap="lg">
        <Avatar src={user.headimgurl || null} alt={t.alt} size={72} radius="xl" />
        <Stack gap={4}>
          <FileButton onChange={(file) => void upload(file)} accept={AVATAR_TYPES.join(',')}>
            {(props) => (
              <Button {...props} variant="light" loading={uploading} w="fit-content">
                {t.change}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
            {error ?? t.hint}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function PhoneSection({
  user,
  api,
  onUserChanged,
  showMessage,
  privacyPolicy,
}: SectionProps & { privacyPolicy: PrivacyPolicy }) {
  const t = messages.phone;
  const [editing, setEditing] = useState(false);
  const [consent, setConsent] = useState(false);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ mobile?: string; code?: string }>({});
  const [resendIn, setResendIn] = useState(0);
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const mobileError = (value: string) => {
    if (!MOBILE.test(value.trim())) return t.mobileInvalid;
    if (value.trim() === user.mobile) return t.sameMobile;
    return undefined;
  };

  const sendCode = async () => {
    const found = mobileError(mobile);
    setErrors({ mobile: found });
    if (found) return;
    if (!consent) return showMessage(messages.privacy.consentRequired, 'warning');
    setSending(true);
    try {
      const sent = await api.sendMessageCode({
        mobile: mobile.trim(),
        purpose: 'updatePhone',
        consentVersion: privacyPolicy.version,
      });
      setResendIn(sent.resendAfter);
      showMessage(t.codeSent, 'success');
    } catch (error) {
      showUnshown(error, showMessage);
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    const found = {
      mobile: mobileError(mobile),
      code: SMS_CODE.test(code.trim()) ? undefined : t.codeInvalid,
    };
    setErrors(found);
    if (found.mobile || found.code) return;
    setSaving(true);
    try {
      const changed = await api.updatePhone({ mobile: mobile.trim(), code: code.trim() });
      onUserChanged(changed);
      showMessage(t.saved, 'success');
      setEditing(false);
      setMobile('');
      setCode('');
    } catch (error) {
      showUnshown(error, showMessage);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsSection title={t.title} maxWidth={520}>
      <Group justify="space-between">
        <Text size="sm">{t.current(maskPhone(user.mobile))}</Text>
        {!editing && (
          <Button variant="light" size="xs" onClick={() => setEditing(true)}>
            {t.change}
          </Button>
        )}
      </Group>
      {editing && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t.newMobile}
              inputMode="numeric"
              autoComplete="tel"
              value={mobile}
              error={errors.mobile}
              onChange={(event) => {
                setMobile(event.currentTarget.value);
                setErrors((previous) => ({ ...previous, mobile: undefined }));
              }}
            />
            <Group align="flex-start" wrap="nowrap">
              <TextInput
                label={t.code}
                inputMode="numeric"
                autoComplete="one-time-code"
                style={{ flex: 1 }}
                value={code}
                error={errors.code}
                onChange={(event) => {
                  setCode(event.currentTarget.value);
                  setErrors((previous) => ({ ...previous, code: undefined }));
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
            <PrivacyConsentCheckbox policy={privacyPolicy} checked={consent} onChange={setConsent} />
            <Group>
              <Button type="submit" loading={saving}>
                {t.submit}
              </Button>
              <Button variant="default" onClick={() => setEditing(false)}>
                {t.cancel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </SettingsSection>
  );
}
