import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import type { EndpointFunctions } from '@tender/api-client';
import type { ApiKey, GatePass, WebhookDelivery } from '@tender/contracts';
import { useConfirmDialog } from '@tender/ui-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from './messages';
import { SettingsSection } from './settings-section';

export type ApiKeysApi = Pick<
  EndpointFunctions,
  'apiKeyCreate' | 'apiKeyList' | 'apiKeyRevoke' | 'apiKeyWebhook' | 'apiKeyDeliveries'
>;

/** Where the open API and the MCP server answer, on the server this page came from. */
function endpoints(origin: string) {
  return { openApi: `${origin}/openapi/v1/openapi.json`, mcp: `${origin}/webchat/mcp` };
}

function usageText(quota: GatePass | null): string | null {
  if (!quota) return null;
  const t = messages.apiKeys;
  if (quota.limit === -1) return t.unlimited;
  return t.usage(quota.used ?? 0, quota.remaining ?? 0, quota.limit);
}

/**
 * API 密钥 (账号设置): the member's keys of the open data API and the MCP server — created with a name, the secret
 * shown once with a copy button, listed with their dates, revoked after a confirmation (docs/open-api.md).
 */
export function ApiKeysSection({
  api,
  origin,
  onFailure,
  showMessage,
}: {
  api: ApiKeysApi;
  /** The server's origin, for the addresses shown. */
  origin: string;
  onFailure(error: unknown): void;
  showMessage(text: string): void;
}) {
  const t = messages.apiKeys;
  const { confirm, dialog } = useConfirmDialog();
  const [keys, setKeys] = useState<ApiKey[]>();
  const [quota, setQuota] = useState<GatePass | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string>();
  const [webhookKey, setWebhookKey] = useState<ApiKey>();

  // The parent hands a new callback on every render: the list loads once per api, not once per render.
  const failure = useRef(onFailure);
  failure.current = onFailure;
  const load = useCallback(async () => {
    try {
      const answer = await api.apiKeyList({});
      setKeys(answer.records);
      setQuota(answer.quota);
    } catch (error) {
      failure.current(error);
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  const create = async () => {
    if (!name.trim()) {
      setNameError(t.nameRequired);
      return;
    }
    setCreating(true);
    try {
      const created = await api.apiKeyCreate({ name: name.trim() });
      setSecret(created.secret);
      setName('');
      await load();
    } catch (error) {
      onFailure(error);
    } finally {
      setCreating(false);
    }
  };

  const revoke = async (key: ApiKey) => {
    if (!(await confirm({ message: t.revokeConfirm(key.name), kind: 'operation' }))) return;
    try {
      await api.apiKeyRevoke({ id: key.id });
      showMessage(t.revoked);
      await load();
    } catch (error) {
      onFailure(error);
    }
  };

  const addresses = endpoints(origin);
  const usage = usageText(quota);
  return (
    <SettingsSection title={t.title} maxWidth={900}>
      <Text size="sm" c="dimmed">
        {t.hint}
      </Text>
      <Text size="sm">
        {t.restLabel}：<Code>{addresses.openApi}</Code>
      </Text>
      <Text size="sm">
        {t.mcpLabel}：<Code>{addresses.mcp}</Code>
      </Text>
      {usage ? <Text size="sm">{usage}</Text> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t.name}
            placeholder={t.namePlaceholder}
            maxLength={30}
            value={name}
            error={nameError}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(undefined);
            }}
          />
          <Button type="submit" loading={creating}>
            {t.create}
          </Button>
        </Group>
      </form>
      {secret ? (
        <Alert color="green" title={t.createdTitle} role="status">
          <Text size="sm" mb="xs">
            {t.createdHint}
          </Text>
          <Code block data-testid="api-key-secret">
            {secret}
          </Code>
          <Group mt="xs">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? t.copied : t.copy}
                </Button>
              )}
            </CopyButton>
            <Button size="xs" variant="subtle" onClick={() => setSecret(undefined)}>
              {t.close}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {keys && keys.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.empty}
        </Text>
      ) : null}
      {keys && keys.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label={t.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.columns.name}</Table.Th>
                <Table.Th>{t.columns.prefix}</Table.Th>
                <Table.Th>{t.columns.createdAt}</Table.Th>
                <Table.Th>{t.columns.lastUsedAt}</Table.Th>
                <Table.Th>{t.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>{key.name}</Table.Td>
                  <Table.Td>
                    <Code>{key.prefix}…</Code>
                  </Table.Td>
                  <Table.Td>{key.createdAt}</Table.Td>
                  <Table.Td>{key.lastUsedAt ?? t.neverUsed}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={`${t.webhook} ${key.name}`}
                      onClick={() => setWebhookKey(key)}
                    >
                      {t.webhook}
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="subtle"
                      aria-label={`${t.revoke} ${key.name}`}
                      onClick={() => void revoke(key)}
                    >
                      {t.revoke}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {webhookKey ? (
        <WebhookDialog
          api={api}
          apiKey={webhookKey}
          onClose={() => setWebhookKey(undefined)}
          onSaved={load}
          onFailure={(error) => failure.current(error)}
          showMessage={showMessage}
        />
      ) : null}
      {dialog}
    </SettingsSection>
  );
}

/** A key's webhook: the https address (a new signing secret shown once at each save) and the last deliveries. */
function WebhookDialog({
  api,
  apiKey,
  onClose,
  onSaved,
  onFailure,
  showMessage,
}: {
  api: ApiKeysApi;
  apiKey: ApiKey;
  onClose(): void;
  onSaved(): Promise<void>;
  onFailure(error: unknown): void;
  showMessage(text: string): void;
}) {
  const t = messages.apiKeys;
  const [url, setUrl] = useState(apiKey.webhookUrl ?? '');
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [deliveries, setDeliveries] = useState<WebhookDelivery[]>();
  const failure = useRef(onFailure);
  failure.current = onFailure;

  useEffect(() => {
    api.apiKeyDeliveries({ id: apiKey.id }).then(
      (answer) => setDeliveries(answer.records),
      (error: unknown) => failure.current(error),
    );
  }, [api, apiKey.id]);

  const save = async () => {
    setSaving(true);
    try {
      const saved = await api.apiKeyWebhook({ id: apiKey.id, url: url.trim() });
      setSecret(saved.webhookSecret);
      showMessage(saved.webhookUrl ? t.webhookSaved : t.webhookCleared);
      await onSaved();
    } catch (error) {
      onFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t.webhookTitle(apiKey.name)} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.webhookHint}
        </Text>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Group align="flex-end">
            <TextInput
              label={t.webhookUrl}
              placeholder="https://"
              value={url}
              style={{ flex: 1 }}
              onChange={(event) => setUrl(event.currentTarget.value)}
            />
            <Button type="submit" loading={saving}>
              {t.webhookSave}
            </Button>
          </Group>
        </form>
        {secret ? (
          <Alert color="green" title={t.webhookSecretTitle} role="status">
            <Code block data-testid="webhook-secret">
              {secret}
            </Code>
          </Alert>
        ) : null}
        <Text fw={600} size="sm">
          {t.deliveries}
        </Text>
        {deliveries && deliveries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noDeliveries}
          </Text>
        ) : null}
        {deliveries && deliveries.length > 0 ? (
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label={t.deliveries}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.deliveryColumns.title}</Table.Th>
                  <Table.Th>{t.deliveryColumns.status}</Table.Th>
                  <Table.Th>{t.deliveryColumns.attempts}</Table.Th>
                  <Table.Th>{t.deliveryColumns.time}</Table.Th>
                  <Table.Th>{t.deliveryColumns.error}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.map((delivery) => (
                  <Table.Tr key={delivery.id}>
                    <Table.Td>{delivery.title}</Table.Td>
                    <Table.Td>{t.deliveryStatus[delivery.status]}</Table.Td>
                    <Table.Td>{delivery.attempts}</Table.Td>
                    <Table.Td>{delivery.deliveredAt ?? delivery.createdAt}</Table.Td>
                    <Table.Td>{delivery.lastError ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Modal>
  );
}
