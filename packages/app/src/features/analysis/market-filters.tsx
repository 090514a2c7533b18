import type { ComboboxData } from '@mantine/core';
import { Button, Group, Paper, Select, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import { DEFAULT_MARKET_FILTER, type MarketFilter, PERIOD_MONTHS, type PeriodMonths } from './market-filter';
import { messages } from './messages';
import { PROVINCE_GRID } from './province-grid';

export interface MarketFiltersProps {
  /** The filter the figures shown were counted with. */
  value: MarketFilter;
  onApply(filter: MarketFilter): void;
}

const PROVINCE_OPTIONS = [...PROVINCE_GRID]
  .sort((a, b) => a.prefix.localeCompare(b.prefix))
  .map((province) => ({ value: `${province.prefix}0000`, label: province.name }));

const PERIOD_OPTIONS = PERIOD_MONTHS.map((months) => ({
  value: String(months),
  label: messages.market.periods[months],
}));

/** The industries (sections with their divisions) and information types the server offers, for the selects. */
function useFilterOptions(): { industries: ComboboxData; types: ComboboxData } {
  const { api } = useAppServices();
  const [options, setOptions] = useState<{ industries: ComboboxData; types: ComboboxData }>({
    industries: [],
    types: [],
  });
  useEffect(() => {
    const controller = new AbortController();
    const call = { signal: controller.signal, silent: true };
    void Promise.all([api.industryList({}, call), api.getSearchCondition({}, call)])
      .then(([sections, condition]) =>
        setOptions({
          industries: sections.map((section) => ({
            group: section.name,
            items: [
              { value: section.code, label: section.name },
              ...section.children.map((division) => ({ value: division.code, label: division.name })),
            ],
          })),
          types: condition.docchnnel.map((type) => ({
            group: type.name,
            items: [
              { value: type.code, label: type.name },
              ...type.children.map((method) => ({ value: method.code, label: method.name })),
            ],
          })),
        }),
      )
      // Without the lists the selects stay empty: the analysis still runs over everything.
      .catch(() => undefined);
    return () => controller.abort();
  }, [api]);
  return options;
}

/** Region, industry, type, period and an optional keyword; 统 计 applies them, 重 置 goes back to the defaults. */
export function MarketFilters({ value, onApply }: MarketFiltersProps) {
  const [draft, setDraft] = useState(value);
  const { industries, types } = useFilterOptions();
  useEffect(() => setDraft(value), [value]);
  const set = <K extends keyof MarketFilter>(key: K, next: MarketFilter[K]) =>
    setDraft((current) => ({ ...current, [key]: next }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <Paper withBorder p="md" component="section" aria-label={messages.market.filters}>
      <Title order={2} size="h4" mb="sm">
        {messages.market.title}
      </Title>
      <form onSubmit={onSubmit} aria-label={messages.market.filters}>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label={messages.market.keyword}
            placeholder={messages.market.keywordPlaceholder}
            value={draft.keyword}
            onChange={(event) => set('keyword', event.currentTarget.value)}
            maxLength={100}
            w={200}
          />
          <Select
            label={messages.market.region}
            placeholder={messages.market.wholeCountry}
            data={PROVINCE_OPTIONS}
            value={draft.province}
            onChange={(next) => set('province', next)}
            clearable
            searchable
            w={140}
          />
          <Select
            label={messages.market.industry}
            placeholder={messages.market.allIndustries}
            data={industries}
            value={draft.industry}
            onChange={(next) => set('industry', next)}
            clearable
            searchable
            w={200}
          />
          <Select
            label={messages.market.type}
            placeholder={messages.market.allTypes}
            data={types}
            value={draft.type}
            onChange={(next) => set('type', next)}
            clearable
            w={160}
          />
          <Select
            label={messages.market.period}
            data={PERIOD_OPTIONS}
            value={String(draft.months)}
            onChange={(next) => set('months', Number(next ?? 12) as PeriodMonths)}
            allowDeselect={false}
            w={130}
          />
          <Button type="submit">{messages.market.submit}</Button>
          <Button variant="default" onClick={() => onApply(DEFAULT_MARKET_FILTER)}>
            {messages.market.reset}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
