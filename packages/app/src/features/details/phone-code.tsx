import { Button, Center, Image, Loader, Popover, Stack, Text } from '@mantine/core';
import { isApiError } from '@tender/api-client';
import type { EndpointResponse, itemQrcodeEndpoint } from '@tender/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import { messages } from './messages';

type PhoneCode = EndpointResponse<typeof itemQrcodeEndpoint>;

const CODE_SIZE = 180;

type CodeState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; code: PhoneCode };

/**
 * 微信扫码查看 (spec §7 `ma/getQrcode`): a code that opens this item on the member's phone — the mini-program code
 * WeChat draws, or in sandbox mode the item's web address drawn here. Asked for only when the member opens the
 * popover (nothing is counted; the phone's view is gated as usual), and kept for the item once drawn.
 */
export function PhoneCodeButton({ id }: { id: number }) {
  const { api } = useAppServices();
  const [state, setState] = useState<CodeState>();
  const p = messages.phoneCode;

  const load = async () => {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', code: await api.itemQrcode({ id }, { silent: true }) });
    } catch (error) {
      // The server's Chinese message (扫码查看未开放, 微信接口出错) where it gave one.
      setState({ kind: 'failed', message: isApiError(error) && error.message ? error.message : p.failed });
    }
  };

  return (
    <Popover
      position="bottom"
      withArrow
      shadow="md"
      trapFocus
      onOpen={() => {
        if (state?.kind !== 'ready') void load();
      }}
    >
      <Popover.Target>
        <Button variant="default">{p.open}</Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={p.title}>
        <Stack align="center" gap="xs" w={CODE_SIZE + 48}>
          {state?.kind === 'ready' ? (
            <>
              {state.code.mode === 'wechat' ? (
                <Image src={state.code.qrImage} alt={p.title} w={CODE_SIZE} h={CODE_SIZE} />
              ) : (
                <QRCodeSVG value={state.code.qrUrl} size={CODE_SIZE} role="img" aria-label={p.title} />
              )}
              <Text size="sm" ta="center">
                {p.hint}
              </Text>
            </>
          ) : state?.kind === 'failed' ? (
            <>
              <Text size="sm" c="red" ta="center" role="alert">
                {state.message}
              </Text>
              <Button size="xs" variant="light" onClick={() => void load()}>
                {p.retry}
              </Button>
            </>
          ) : (
            <Center h={CODE_SIZE} role="status">
              <Stack align="center" gap="xs">
                <Loader size="sm" />
                <Text size="sm" c="dimmed">
                  {p.loading}
                </Text>
              </Stack>
            </Center>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
