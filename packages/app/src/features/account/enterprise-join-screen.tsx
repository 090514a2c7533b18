import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import type { EndpointFunctions } from '@tender/api-client';
import type { EnterpriseRelation, User } from '@tender/contracts';
import { useEffect, useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import { useUserStore } from '../../stores/user-store';
import { messages } from './messages';

export type EnterpriseJoinApi = Pick<EndpointFunctions, 'getSubAccount' | 'enterpriseJoin' | 'userCenter'>;

export interface EnterpriseJoinProps {
  /** The signed invite of the QR code (`?invite=`); undefined when the link lost it. */
  invite: string | undefined;
  api: EnterpriseJoinApi;
  /** The user after joining (now of the enterprise's level), for the store. */
  onJoined(user: User): void;
}

type State =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; relation: EnterpriseRelation }
  | { status: 'joined'; enterpriseName: string };

/** The invite of a main account's QR code, accepted by the signed-in user, who becomes a sub-account. */
export function EnterpriseJoin({ invite, api, onJoined }: EnterpriseJoinProps) {
  const t = messages.enterpriseJoin;
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [joining, setJoining] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api.getSubAccount({}, { signal: controller.signal }).then(
      (relation) => setState({ status: 'ready', relation }),
      () => !controller.signal.aborted && setState({ status: 'error' }),
    );
    return () => controller.abort();
  }, [api, attempt]);

  const join = async (code: string) => {
    setJoining(true);
    try {
      const relation = await api.enterpriseJoin({ invite: code });
      setState({ status: 'joined', enterpriseName: relation.enterprise?.enterpriseName ?? '' });
      onJoined(await api.userCenter());
    } catch {
      // The refusal (expired invite, joining closed, no seat) was shown by the api-client.
    } finally {
      setJoining(false);
    }
  };

  if (state.status === 'loading') return <Loader size="sm" aria-label={t.title} />;
  if (state.status === 'error') {
    return (
      <Alert color="red" title={t.loadFailed}>
        <Button size="xs" variant="light" onClick={() => setAttempt((value) => value + 1)}>
          {t.retry}
        </Button>
      </Alert>
    );
  }
  if (state.status === 'joined') {
    return (
      <Text role="status" c="green">
        {t.joined(state.enterpriseName)}
      </Text>
    );
  }
  const { relation, enterprise } = state.relation;
  if (enterprise && relation === 'subAccount') {
    return (
      <Text role="status" c="green">
        {t.alreadySub(enterprise.enterpriseName)}
      </Text>
    );
  }
  if (enterprise) return <Alert color="orange" title={t.alreadyPrimary(enterprise.enterpriseName)} />;
  if (!invite) return <Alert color="orange" title={t.noInvite} />;
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{t.invited}</Text>
      <Button loading={joining} onClick={() => void join(invite)}>
        {t.join}
      </Button>
    </Stack>
  );
}

/** 加入企业 (/enterpriseJoin, hidden): where the invite QR code of 企业管理 leads. */
export function EnterpriseJoinScreen() {
  const { api } = useAppServices();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const invite = typeof search.invite === 'string' && search.invite !== '' ? search.invite : undefined;
  return (
    <Paper withBorder p="lg" component="section" aria-label={messages.enterpriseJoin.title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {messages.enterpriseJoin.title}
        </Title>
        <EnterpriseJoin
          invite={invite}
          api={api}
          onJoined={(user) => useUserStore.getState().setUser(user)}
        />
      </Stack>
    </Paper>
  );
}
