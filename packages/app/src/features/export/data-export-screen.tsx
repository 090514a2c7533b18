import {
  Alert,
  Button,
  Group,
  Loader,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { loadAreaTree } from '@tender/api-client';
import { DateField, ExportButton } from '@tender/ui-kit';
import { useEffect, useMemo, useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import {
  type ConditionNames,
  EMPTY_EXPORT_FORM,
  type ExportForm,
  type ExportFormErrors,
  exportConditionsOf,
  exportFormOf,
  validateExportForm,
} from './export-conditions';
import { messages } from './messages';
import { useDataExport } from './use-data-export';

interface Option {
  value: string;
  label: string;
}

type Options =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; types: Option[]; areas: Option[] };

/**
 * 数据导出 (/dataExport): the conditions of an export — keywords, types, region, amount range and publish dates,
 * filled with the last export's — exported through the 一键导出项目 flow.
 */
export function DataExportScreen() {
  const { api, client } = useAppServices();
  const { openExport, element } = useDataExport();
  const [options, setOptions] = useState<Options>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [form, setForm] = useState<ExportForm>(EMPTY_EXPORT_FORM);
  const [errors, setErrors] = useState<ExportFormErrors>({});
  const t = messages.dataExport;

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    setOptions({ status: 'loading' });
    Promise.all([
      api.getSearchCondition({}, { signal }),
      loadAreaTree(client, { signal }),
      api.getLastExportCondition({}, { signal, silent: true }).catch(() => null),
    ]).then(
      ([conditions, tree, last]) => {
        const types = conditions.docchnnel.map((type) => ({ value: type.code, label: type.name }));
        const areas = tree.flatMap((root) =>
          (root.children ?? []).map((province) => ({ value: province.code, label: province.name })),
        );
        setForm(exportFormOf(last));
        setOptions({ status: 'ready', types, areas });
      },
      () => !signal.aborted && setOptions({ status: 'error' }),
    );
    return () => controller.abort();
  }, [api, client, attempt]);

  const names = useMemo<ConditionNames>(() => {
    if (options.status !== 'ready') return {};
    return Object.fromEntries(
      [...options.types, ...options.areas].map((option) => [option.value, option.label]),
    );
  }, [options]);

  const change = <K extends keyof ExportForm>(field: K, value: ExportForm[K]) => {
    setForm((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const exportNow = () => {
    const found = validateExportForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    openExport(exportConditionsOf(form), names);
  };

  return (
    <Paper withBorder p="lg" component="section" aria-label={t.title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t.hint}
        </Text>
        {options.status === 'loading' && <Loader size="sm" aria-label={t.title} />}
        {options.status === 'error' && (
          <Alert color="red" title={t.optionsFailed}>
            <Button size="xs" variant="light" onClick={() => setAttempt((value) => value + 1)}>
              {messages.flow.retry}
            </Button>
          </Alert>
        )}
        {options.status === 'ready' && (
          <Stack gap="sm" maw={880}>
            <TextInput
              label={t.keyword}
              placeholder={t.keywordPlaceholder}
              value={form.keyword}
              error={errors.keyword}
              onChange={(event) => change('keyword', event.currentTarget.value)}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MultiSelect
                label={t.types}
                placeholder={form.types.length === 0 ? t.typesPlaceholder : undefined}
                data={options.types}
                value={form.types}
                onChange={(value) => change('types', value)}
                clearable
              />
              <MultiSelect
                label={t.area}
                placeholder={form.area.length === 0 ? t.areaPlaceholder : undefined}
                data={options.areas}
                value={form.area}
                onChange={(value) => change('area', value)}
                searchable
                clearable
              />
              <TextInput
                label={t.minAmount}
                inputMode="decimal"
                value={form.minAmount}
                error={errors.minAmount}
                onChange={(event) => change('minAmount', event.currentTarget.value)}
              />
              <TextInput
                label={t.maxAmount}
                inputMode="decimal"
                value={form.maxAmount}
                error={errors.maxAmount}
                onChange={(event) => change('maxAmount', event.currentTarget.value)}
              />
              <DateField
                label={t.startDate}
                w="100%"
                value={form.startDate}
                error={errors.startDate}
                onChange={(value) => change('startDate', value ?? '')}
              />
              <DateField
                label={t.endDate}
                w="100%"
                value={form.endDate}
                error={errors.endDate}
                onChange={(value) => change('endDate', value ?? '')}
              />
            </SimpleGrid>
            <Group>
              <ExportButton onClick={exportNow} />
              <Button
                variant="default"
                onClick={() => {
                  setForm(EMPTY_EXPORT_FORM);
                  setErrors({});
                }}
              >
                {t.reset}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
      {element}
    </Paper>
  );
}
