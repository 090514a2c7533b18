import { Button, Center, Image, Stack, Text } from '@mantine/core';
import type { LoginResult, QrSignInMode } from '@tender/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { messages } from '../../messages';
import { useAppServices } from '../../shell/app-context';

const POLL_INTERVAL_MS = 2000;
const QR_SIZE_PX = 160;

/** What the browser shows: WeChat's mini-program code (an image) or a QR code of the sandbox confirm page. */
type QrPicture = { kind: 'image'; src: string } | { kind: 'url'; value: string };

type QrState =
  | { status: 'loading' }
  | { status: 'WAITING' | 'SCANNED'; signInId: string; claimSecret: string; picture: QrPicture }
  | { status: 'EXPIRED' };

/**
 * Which QR sign-in the server offers (`WECHAT_PROVIDER`): undefined while asking, `off` hides the QR tab, `failed`
 * when the question went unanswered (the tab stays, with 重试: `retry` asks again).
 */
export function useQrSignInMode(): { mode: QrSignInMode | 'failed' | undefined; retry(): void } {
  const { api } = useAppServices();
  const [mode, setMode] = useState<QrSignInMode | 'failed'>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setMode(undefined);
    api.qrcodeMode({}, { silent: true }).then(
      (answer) => current && setMode(answer.mode),
      () => current && setMode('failed'),
    );
    return () => {
      current = false;
    };
  }, [api, attempt]); // each attempt (重试) asks again
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { mode, retry };
}

/**
 * Mini-program QR sign-in (spec §7 maQrcodeLogin): shows the code once the consent is ticked, polls with the sign-in
 * id and the claim secret (which stays in this component: never in the code, a URL or storage), signs in once the
 * phone confirms.
 */
export function QrLogin({
  remember,
  consented,
  consentVersion,
  consentBox,
  onSignedIn,
}: {
  remember: boolean;
  consented: boolean;
  /** The privacy-policy version the person accepted by ticking the consent box. */
  consentVersion: string;
  consentBox: ReactNode;
  onSignedIn(result: LoginResult, remember: boolean): void;
}) {
  const { api } = useAppServices();
  const [state, setState] = useState<QrState>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      const qr = await api.getQrcode({ remember, consentVersion }, { silent: true });
      setState({
        status: 'WAITING',
        signInId: qr.signInId,
        claimSecret: qr.claimSecret,
        picture: qr.mode === 'wechat' ? { kind: 'image', src: qr.qrImage } : { kind: 'url', value: qr.qrUrl },
      });
    } catch {
      setState({ status: 'EXPIRED' });
    }
  }, [api, remember, consentVersion]);

  useEffect(() => {
    if (consented) void load();
  }, [consented, load]);

  const claim =
    state.status === 'WAITING' || state.status === 'SCANNED'
      ? { signInId: state.signInId, claimSecret: state.claimSecret }
      : undefined;
  const signInId = claim?.signInId;
  const claimSecret = claim?.claimSecret;
  useEffect(() => {
    if (!signInId || !claimSecret) return;
    const timer = setInterval(async () => {
      try {
        const answer = await api.checkQrcode({ signInId, claimSecret }, { silent: true });
        if (answer.status === 'CONFIRMED') {
          clearInterval(timer);
          onSignedIn(answer, remember);
        } else if (answer.status === 'EXPIRED') {
          setState({ status: 'EXPIRED' });
        } else {
          setState((current) =>
            current.status === 'loading' || current.status === 'EXPIRED'
              ? current
              : { ...current, status: answer.status },
          );
        }
      } catch {
        setState({ status: 'EXPIRED' });
      }
    }, POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [api, signInId, claimSecret, remember, onSignedIn]);

  return (
    <Stack gap="sm" align="center">
      {!consented ? (
        <Text size="sm" c="dimmed" ta="center">
          {messages.login.qrConsentFirst}
        </Text>
      ) : state.status === 'WAITING' || state.status === 'SCANNED' ? (
        <>
          {state.picture.kind === 'image' ? (
            <Image src={state.picture.src} w={QR_SIZE_PX} h={QR_SIZE_PX} alt={messages.login.qrHint} />
          ) : (
            <QRCodeSVG
              value={state.picture.value}
              size={QR_SIZE_PX}
              role="img"
              aria-label={messages.login.qrHint}
            />
          )}
          <Text size="sm">
            {state.status === 'SCANNED' ? messages.login.qrScanned : messages.login.qrHint}
          </Text>
        </>
      ) : state.status === 'EXPIRED' ? (
        <Center h={QR_SIZE_PX}>
          <Stack align="center" gap="xs">
            <Text size="sm">{messages.login.qrExpired}</Text>
            <Button variant="light" size="xs" onClick={() => void load()}>
              {messages.login.qrRefresh}
            </Button>
          </Stack>
        </Center>
      ) : (
        <Center h={QR_SIZE_PX} />
      )}
      {consentBox}
    </Stack>
  );
}
