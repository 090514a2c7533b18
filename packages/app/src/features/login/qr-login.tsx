import { Button, Center, Stack, Text } from '@mantine/core';
import type { LoginResult } from '@tender/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { messages } from '../../messages';
import { useAppServices } from '../../shell/app-context';

const POLL_INTERVAL_MS = 2000;
const QR_SIZE_PX = 160;

type QrState =
  | { status: 'loading' }
  | { status: 'WAITING' | 'SCANNED'; ticket: string; qrUrl: string }
  | { status: 'EXPIRED' };

/**
 * Mini-program QR sign-in (spec §7 maQrcodeLogin): shows the code, polls its ticket, signs in once the phone
 * confirms. The consent must be ticked before the code is shown.
 */
export function QrLogin({
  remember,
  consent,
  consentBox,
  onSignedIn,
}: {
  remember: boolean;
  consent: boolean;
  consentBox: ReactNode;
  onSignedIn(result: LoginResult, remember: boolean): void;
}) {
  const { api } = useAppServices();
  const [state, setState] = useState<QrState>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      const qr = await api.getQrcode({ remember }, { silent: true });
      setState({ status: 'WAITING', ticket: qr.ticket, qrUrl: qr.qrUrl });
    } catch {
      setState({ status: 'EXPIRED' });
    }
  }, [api, remember]);

  useEffect(() => {
    if (consent) void load();
  }, [consent, load]);

  const ticket = state.status === 'WAITING' || state.status === 'SCANNED' ? state.ticket : undefined;
  useEffect(() => {
    if (!ticket) return;
    const timer = setInterval(async () => {
      try {
        const answer = await api.checkQrcode({ ticket }, { silent: true });
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
  }, [api, ticket, remember, onSignedIn]);

  return (
    <Stack gap="sm" align="center">
      {!consent ? (
        <Text size="sm" c="dimmed" ta="center">
          {messages.login.consentRequired}
        </Text>
      ) : state.status === 'WAITING' || state.status === 'SCANNED' ? (
        <>
          <QRCodeSVG value={state.qrUrl} size={QR_SIZE_PX} role="img" aria-label={messages.login.qrHint} />
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
