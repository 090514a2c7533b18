import { Alert, Button, Group, Loader, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { type EndpointFunctions, isApiError } from '@tender/api-client';
import type { EnterpriseRelation, EnterpriseSummary, SubAccount } from '@tender/contracts';
import { formatDateTime } from '@tender/domain';
import { PageTable, type PageTableColumn, type ShowMessage, useConfirmDialog } from '@tender/ui-kit';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { messages } from './messages';

export type EnterpriseApi = Pick<
  EndpointFunctions,
  | 'getSubAccount'
  | 'enterpriseAccountList'
  | 'enterpriseAccountRemove'
  | 'enterpriseAllowJoin'
  | 'enterpriseInviteQrcode'
  | 'enterpriseAccountUpdate'
>;

export interface EnterpriseManagementProps {
  api: EnterpriseApi;
  /** The signed-in user: the invite is made for the main account itself. */
  userId: number;
  showMessage: ShowMessage;
  /** 开通会员 for an individual account (the membership modal). */
  onOpenMembership(): void;
}

/** Sub-accounts a page of the list shows. */
export const SUB_ACCOUNT_PAGE_SIZE = 10;
const INVITE_QR_SIZE_PX = 160;

type Relation =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; relation: EnterpriseRelation };

function LoadFailed({ onRetry }: { onRetry(): void }) {
  const t = messages.enterprise;
  return (
    <Alert color="red" title={t.loadFailed}>
      <Button size="xs" variant="light" onClick={onRetry}>
        {t.retry}
      </Button>
    </Alert>
  );
}

/**
 * Enterprise account management (spec §2 Account management, §6): the main account lists its sub-accounts, removes
 * one after a confirmation, allows joining and invites by QR code. A sub-account sees its enterprise and nothing to
 * manage; an individual account is told how to get one.
 */
export function EnterpriseManagement({
  api,
  userId,
  showMessage,
  onOpenMembership,
}: EnterpriseManagementProps) {
  const t = messages.enterprise;
  const [state, setState] = useState<Relation>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api.getSubAccount({}, { signal: controller.signal }).then(
      (relation) => setState({ status: 'ready', relation }),
      () => !controller.signal.aborted && setState({ status: 'error' }),
    );
    return () => controller.abort();
  }, [api, attempt]);

  return (
    <Paper withBorder p="lg" component="section" aria-label={t.title}>
      <Stack gap="md">
        <Title order={3} size="h5">
          {t.title}
        </Title>
        {state.status === 'loading' && <Loader size="sm" aria-label={t.title} />}
        {state.status === 'error' && <LoadFailed onRetry={() => setAttempt((value) => value + 1)} />}
        {state.status === 'ready' && state.relation.relation === 'none' && (
          <Group justify="space-between">
            <Text size="sm">{t.individual}</Text>
            <Button size="xs" onClick={onOpenMembership}>
              {t.openMembership}
            </Button>
          </Group>
        )}
        {state.status === 'ready' &&
          state.relation.relation === 'subAccount' &&
          state.relation.enterprise && (
            <Stack gap={4}>
              <Text size="sm">
                {t.subAccount(
                  state.relation.enterprise.enterpriseName,
                  state.relation.enterprise.primaryUserName,
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {t.subAccountHint}
              </Text>
            </Stack>
          )}
        {state.status === 'ready' && state.relation.relation === 'primary' && (
          <SubAccounts api={api} userId={userId} showMessage={showMessage} />
        )}
      </Stack>
    </Paper>
  );
}

type Accounts =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; enterprise: EnterpriseSummary; records: SubAccount[]; total: number };

type SubAccountsProps = Pick<EnterpriseManagementProps, 'api' | 'userId' | 'showMessage'>;

function accountName(account: SubAccount): string {
  return account.realUserName || account.userName || account.mobile;
}

function SubAccounts({ api, userId, showMessage }: SubAccountsProps) {
  const t = messages.enterprise;
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Accounts>({ status: 'loading' });
  const [enterpriseName, setEnterpriseName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [busy, setBusy] = useState<'rename' | 'allowJoin' | 'invite' | undefined>();
  const [invite, setInvite] = useState<{ inviteUrl: string; expiresAt: string }>();
  const { confirm, dialog } = useConfirmDialog();

  useEffect(() => {
    const controller = new AbortController();
    api
      .enterpriseAccountList(
        { pageNumber: page, pageSize: SUB_ACCOUNT_PAGE_SIZE },
        { signal: controller.signal },
      )
      .then(
        (answer) => {
          setState({ status: 'ready', ...answer });
          setEnterpriseName((previous) => previous || answer.enterprise.enterpriseName);
        },
        () => !controller.signal.aborted && setState({ status: 'error' }),
      );
    return () => controller.abort();
  }, [api, page, attempt]);

  if (state.status === 'loading') return <Loader size="sm" aria-label={t.accounts} />;
  if (state.status === 'error') return <LoadFailed onRetry={() => setAttempt((value) => value + 1)} />;
  const { enterprise } = state;

  /** Runs a change; the answer's summary replaces the shown one. A refusal was shown by the api-client. */
  const change = async (kind: NonNullable<typeof busy>, run: () => Promise<EnterpriseSummary>) => {
    setBusy(kind);
    try {
      const summary = await run();
      setState((previous) => (previous.status === 'ready' ? { ...previous, enterprise: summary } : previous));
      return true;
    } catch (error) {
      if (isApiError(error) && !error.handled && error.message) showMessage(error.message);
      return false;
    } finally {
      setBusy(undefined);
    }
  };

  const rename = async () => {
    const name = enterpriseName.trim();
    const found =
      name === '' ? t.enterpriseNameRequired : [...name].length > 100 ? t.enterpriseNameTooLong : undefined;
    setNameError(found);
    if (found) return;
    const saved = await change('rename', async () => {
      const answer = await api.enterpriseAccountUpdate({ enterpriseName: name });
      return answer.enterprise;
    });
    if (saved) showMessage(t.renamed, 'success');
  };

  const allowJoin = async (allowed: boolean) => {
    if (await change('allowJoin', () => api.enterpriseAllowJoin({ allowJoin: allowed }))) {
      showMessage(allowed ? t.allowJoinOn : t.allowJoinOff, 'success');
      if (!allowed) setInvite(undefined);
    }
  };

  const showInvite = async () => {
    setBusy('invite');
    try {
      setInvite(await api.enterpriseInviteQrcode({ primaryUserId: userId }));
    } catch (error) {
      if (isApiError(error) && !error.handled && error.message) showMessage(error.message);
    } finally {
      setBusy(undefined);
    }
  };

  const remove = async (account: SubAccount) => {
    const name = accountName(account);
    if (!(await confirm({ message: t.removeConfirm(name), kind: 'operation' }))) return;
    try {
      await api.enterpriseAccountRemove({ userId: account.userId });
      showMessage(t.removed, 'success');
      // The last one of a page gone: show the page before it.
      if (state.records.length === 1 && page > 1) setPage(page - 1);
      else setAttempt((value) => value + 1);
    } catch (error) {
      if (isApiError(error) && !error.handled && error.message) showMessage(error.message);
    }
  };

  const columns: PageTableColumn<SubAccount>[] = [
    { key: 'name', title: t.columns.name, render: accountName },
    { key: 'mobile', title: t.columns.mobile, minWidth: 120 },
    { key: 'remark', title: t.columns.remark },
    {
      key: 'joinTime',
      title: t.columns.joinTime,
      minWidth: 160,
      render: (row) => formatDateTime(row.joinTime),
    },
    {
      key: 'lastActiveTime',
      title: t.columns.lastActive,
      minWidth: 160,
      render: (row) => formatDateTime(row.lastActiveTime),
    },
    {
      key: 'action',
      title: t.columns.action,
      render: (row) => (
        <Button
          size="compact-sm"
          color="red"
          variant="subtle"
          aria-label={t.removeLabel(accountName(row))}
          onClick={() => void remove(row)}
        >
          {t.remove}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <TextInput
          label={t.enterpriseName}
          value={enterpriseName}
          error={nameError}
          onChange={(event) => {
            setEnterpriseName(event.currentTarget.value);
            setNameError(undefined);
          }}
          w={320}
        />
        <Button variant="light" loading={busy === 'rename'} onClick={() => void rename()}>
          {t.rename}
        </Button>
      </Group>
      <Switch
        label={t.allowJoin}
        checked={enterprise.allowJoin}
        disabled={busy === 'allowJoin'}
        onChange={(event) => void allowJoin(event.currentTarget.checked)}
      />
      <section aria-label={t.invite}>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t.invite}
          </Text>
          {!enterprise.allowJoin ? (
            <Text size="sm" c="dimmed">
              {t.inviteClosed}
            </Text>
          ) : invite ? (
            <Group align="center">
              <QRCodeSVG
                value={invite.inviteUrl}
                size={INVITE_QR_SIZE_PX}
                role="img"
                aria-label={t.inviteAlt}
              />
              <Text size="sm">{t.inviteHint(formatDateTime(invite.expiresAt))}</Text>
            </Group>
          ) : (
            <Button
              variant="light"
              w="fit-content"
              loading={busy === 'invite'}
              onClick={() => void showInvite()}
            >
              {t.inviteShow}
            </Button>
          )}
        </Stack>
      </section>
      <section aria-label={t.accounts}>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600} size="sm">
              {t.accounts}
            </Text>
            <Text size="sm" c="dimmed">
              {t.seats(enterprise.subAccountCount, enterprise.maxSubAccounts)}
            </Text>
          </Group>
          <PageTable
            ariaLabel={t.accounts}
            columns={columns}
            rows={state.records}
            rowKey="userId"
            emptyText={t.empty}
            pagination={
              state.total > SUB_ACCOUNT_PAGE_SIZE
                ? { total: state.total, page, onChange: setPage, pageSize: SUB_ACCOUNT_PAGE_SIZE }
                : undefined
            }
          />
        </Stack>
      </section>
      {dialog}
    </Stack>
  );
}
