import {
  Anchor,
  Box,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { isApiError } from '@tender/api-client';
import { showMessage } from '@tender/ui-kit';
import { useEffect, useState } from 'react';
import { AppFooter } from '../../layout/app-footer';
import { messages } from '../../messages';
import { useAppServices } from '../../shell/app-context';
import { QrLogin, useQrSignInMode } from './qr-login';
import { useSignIn } from './use-sign-in';

const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
const CODE_PATTERN = /^\d{6}$/;

/** spec §2 /login: SMS and QR sign-in, behind the PIPL consent to the terms and the privacy policy. */
export function LoginScreen() {
  const { brand, api } = useAppServices();
  const signIn = useSignIn();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [consent, setConsent] = useState(false);
  const [resendIn, setResendIn] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [tab, setTab] = useState<string | null>('sms');
  const { mode: qrMode, retry: retryQrMode } = useQrSignInMode();

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const fail = (error: unknown) => {
    if (isApiError(error) && !error.handled) showMessage(error.message);
  };

  // PIPL: no code before consent; the server checks the policy version it was given against the brand's.
  const sendCode = async () => {
    if (!consent) return showMessage(messages.login.consentBeforeCode, 'warning');
    if (!MOBILE_PATTERN.test(mobile)) return showMessage(messages.login.mobileInvalid, 'warning');
    try {
      const sent = await api.sendMessageCode({
        mobile,
        purpose: 'login',
        consentVersion: brand.legal.privacyPolicyVersion,
      });
      setResendIn(sent.resendAfter);
      showMessage(messages.login.codeSent, 'success');
    } catch (error) {
      fail(error);
    }
  };

  const submit = async () => {
    if (!consent) return showMessage(messages.login.consentRequired, 'warning');
    if (!MOBILE_PATTERN.test(mobile)) return showMessage(messages.login.mobileInvalid, 'warning');
    if (!CODE_PATTERN.test(code)) return showMessage(messages.login.codeInvalid, 'warning');
    setSubmitting(true);
    try {
      const result = await api.messageLogin({ mobile, code, remember, registerType: brand.registerType });
      signIn(result, remember);
    } catch (error) {
      fail(error);
    } finally {
      setSubmitting(false);
    }
  };

  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  const consentBox = (
    <Checkbox
      size="xs"
      checked={consent}
      onChange={(event) => setConsent(event.currentTarget.checked)}
      label={
        <Text size="xs" span>
          {messages.login.consentPrefix}
          <Anchor href={brand.legal.termsUrl} size="xs" {...external}>
            {messages.footer.terms(brand.legal.clauseName)}
          </Anchor>
          {messages.login.consentJoin}
          <Anchor href={brand.legal.privacyUrl} size="xs" {...external}>
            {messages.footer.privacy}
          </Anchor>
        </Text>
      }
    />
  );

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }} bg="gray.0">
      <Box style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }} p="md">
        <Group gap={48} align="center" wrap="wrap" justify="center">
          <Stack gap="xs" maw={420}>
            <Title order={1} c="var(--mantine-primary-color-filled)">
              {brand.name}
            </Title>
            <Text c="dimmed">{brand.title}</Text>
          </Stack>
          <Paper withBorder shadow="sm" p="xl" w={380} component="section" aria-label={messages.login.title}>
            <Title order={2} size="h4" mb="md">
              {messages.login.title}
            </Title>
            <Tabs value={tab} onChange={setTab}>
              <Tabs.List grow mb="md">
                <Tabs.Tab value="sms">{messages.login.smsTab}</Tabs.Tab>
                {qrMode !== 'off' && <Tabs.Tab value="qr">{messages.login.qrTab}</Tabs.Tab>}
              </Tabs.List>
              <Tabs.Panel value="sms">
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    void submit();
                  }}
                >
                  <Stack gap="sm">
                    <TextInput
                      label={messages.login.mobile}
                      placeholder={messages.login.mobilePlaceholder}
                      inputMode="numeric"
                      maxLength={11}
                      value={mobile}
                      onChange={(event) => setMobile(event.currentTarget.value.trim())}
                    />
                    <Group gap="xs" align="end" wrap="nowrap">
                      <TextInput
                        style={{ flex: 1 }}
                        label={messages.login.code}
                        placeholder={messages.login.codePlaceholder}
                        inputMode="numeric"
                        maxLength={6}
                        value={code}
                        onChange={(event) => setCode(event.currentTarget.value.trim())}
                      />
                      <Button variant="light" disabled={resendIn > 0} onClick={() => void sendCode()} w={128}>
                        {resendIn > 0 ? messages.login.resendIn(resendIn) : messages.login.sendCode}
                      </Button>
                    </Group>
                    <Checkbox
                      size="xs"
                      label={messages.login.remember}
                      checked={remember}
                      onChange={(event) => setRemember(event.currentTarget.checked)}
                    />
                    {consentBox}
                    <Button type="submit" loading={submitting} fullWidth>
                      {messages.login.submit}
                    </Button>
                  </Stack>
                </form>
              </Tabs.Panel>
              <Tabs.Panel value="qr">
                {tab === 'qr' && qrMode === 'failed' && (
                  <Stack align="center" gap="xs" py="xl">
                    <Text size="sm" c="red">
                      {messages.dataState.failed('')}
                    </Text>
                    <Button variant="light" size="xs" onClick={retryQrMode}>
                      {messages.dataState.retry}
                    </Button>
                  </Stack>
                )}
                {tab === 'qr' && qrMode !== 'off' && qrMode !== 'failed' && (
                  <QrLogin
                    remember={remember}
                    consented={consent}
                    consentVersion={brand.legal.privacyPolicyVersion}
                    consentBox={consentBox}
                    onSignedIn={signIn}
                  />
                )}
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Group>
      </Box>
      <AppFooter brand={brand} />
    </Box>
  );
}
