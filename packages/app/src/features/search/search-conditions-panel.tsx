import { Button, Chip, Group, NumberInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { EndpointResponse, getSearchConditionEndpoint, IndustrySection } from '@tender/contracts';
import { type AreaNode, formatAmountRange } from '@tender/domain';
import { DateField } from '@tender/ui-kit';
import { useId, useState } from 'react';
import { messages } from './messages';
import {
  chooseMethods,
  chooseTypes,
  EMPTY_CONDITIONS,
  type SearchConditions,
  type SearchPatternCode,
  type SearchTypeCode,
  tickedTypes,
} from './search-request';

/** The options both condition endpoints answer (getSearchCondition adds the information types). */
export type ConditionOptions = Omit<EndpointResponse<typeof getSearchConditionEndpoint>, 'docchnnel'> & {
  docchnnel?: EndpointResponse<typeof getSearchConditionEndpoint>['docchnnel'];
};

export interface SearchConditionsPanelProps {
  conditions: SearchConditions;
  onChange(changes: Partial<SearchConditions>): void;
  options: ConditionOptions | null;
  /** The selArea tree: 全国 → provinces → cities. */
  areaTree: readonly AreaNode[];
  industries: readonly IndustrySection[];
  /** One condition under another, each control full width (the phone's drawer). */
  stacked?: boolean;
}

const CUSTOM = 'custom';

/** The provinces under the tree's 全国 root (or the roots themselves when there is no such root). */
function provincesOf(tree: readonly AreaNode[]): readonly AreaNode[] {
  return tree.length === 1 && tree[0]?.classify === 'all' ? (tree[0].children ?? []) : tree;
}

/** A labelled row of the panel; stacked: the label above its controls. */
function ConditionRow({
  label,
  id,
  children,
  stacked = false,
}: {
  label: string;
  id: string;
  children: React.ReactNode;
  stacked?: boolean | undefined;
}) {
  if (stacked) {
    return (
      <Stack gap={6}>
        <Text size="sm" fw={500} id={id}>
          {label}
        </Text>
        <Stack gap={6}>{children}</Stack>
      </Stack>
    );
  }
  return (
    <Group gap="sm" align="center" wrap="nowrap">
      <Text size="sm" fw={500} w={72} id={id} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Group gap="xs" wrap="wrap">
        {children}
      </Group>
    </Group>
  );
}

/** A second condition's label inside a row. */
function InlineLabel({ id, children }: { id: string; children: string }) {
  return (
    <Text size="sm" fw={500} ml={{ base: 0, sm: 'lg' }} id={id}>
      {children}
    </Text>
  );
}

/**
 * The search conditions (spec §3 Search filter state, Fixed filter options): information types, search scope and
 * mode, area (the area tree), industry, amount ranges ('min,max' from the server or typed) and publish dates.
 * Every change applies at once.
 */
export function SearchConditionsPanel({
  conditions,
  onChange,
  options,
  areaTree,
  industries,
  stacked,
}: SearchConditionsPanelProps) {
  const ids = useId();
  const t = messages.conditions;
  const provinces = provincesOf(areaTree);
  const province = provinces.find(
    (node) => node.code === conditions.area || node.children?.some((city) => city.code === conditions.area),
  );
  const presetAmount = options?.amountRanges.some((range) => String(range.value) === conditions.amountRange);
  const [customAmount, setCustomAmount] = useState(false);
  const [minAmount, setMinAmount] = useState<number | string>('');
  const [maxAmount, setMaxAmount] = useState<number | string>('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const presetDate = options?.dateRanges.find(
    (range) => range.startDate === conditions.startDate && range.endDate === conditions.endDate,
  );

  const applyCustomAmount = () => {
    const min = minAmount === '' ? undefined : Number(minAmount);
    const max = maxAmount === '' ? undefined : Number(maxAmount);
    if (min === undefined && max === undefined) {
      setAmountError(null);
      onChange({ amountRange: null });
      return;
    }
    if (min !== undefined && max !== undefined && min > max) {
      setAmountError(t.amountInvalid);
      return;
    }
    setAmountError(null);
    onChange({ amountRange: formatAmountRange({ min, max }) });
  };

  const types = options?.docchnnel;

  return (
    <Stack gap="sm">
      {types && (
        <ConditionRow stacked={stacked} label={t.docchnnel} id={`${ids}-types`}>
          <Chip.Group
            multiple
            value={tickedTypes(conditions.docchnnel, types)}
            onChange={(ticked) => onChange({ docchnnel: chooseTypes(conditions.docchnnel, types, ticked) })}
          >
            <Group gap={6} role="group" aria-labelledby={`${ids}-types`}>
              {types.map((type) => (
                <Chip key={type.code} value={type.code} size="xs">
                  {type.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </ConditionRow>
      )}
      {types
        ?.filter((type) => type.children.length > 0 && tickedTypes(conditions.docchnnel, [type]).length > 0)
        .map((type) => (
          <ConditionRow key={type.code} label={t.methods} id={`${ids}-methods-${type.code}`}>
            <Chip.Group
              multiple
              value={conditions.docchnnel.filter((code) =>
                type.children.some((child) => child.code === code),
              )}
              onChange={(methods) =>
                onChange({ docchnnel: chooseMethods(conditions.docchnnel, type, methods) })
              }
            >
              <Group gap={6} role="group" aria-labelledby={`${ids}-methods-${type.code}`}>
                {type.children.map((method) => (
                  <Chip key={method.code} value={method.code} size="xs" variant="outline">
                    {method.name}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </ConditionRow>
        ))}
      <ConditionRow stacked={stacked} label={t.searchType} id={`${ids}-scope`}>
        <SegmentedControl
          size="xs"
          aria-labelledby={`${ids}-scope`}
          value={String(conditions.searchType)}
          onChange={(value) => onChange({ searchType: Number(value) as SearchTypeCode })}
          data={(options?.searchTypes ?? []).map((option) => ({
            value: String(option.value),
            label: option.label,
          }))}
        />
        <InlineLabel id={`${ids}-pattern`}>{t.searchPattern}</InlineLabel>
        <SegmentedControl
          size="xs"
          aria-labelledby={`${ids}-pattern`}
          value={String(conditions.searchPattern)}
          onChange={(value) => onChange({ searchPattern: Number(value) as SearchPatternCode })}
          data={(options?.searchPatterns ?? []).map((option) => ({
            value: String(option.value),
            label: option.label,
          }))}
        />
      </ConditionRow>
      <ConditionRow stacked={stacked} label={t.province} id={`${ids}-area`}>
        <Select
          size="xs"
          aria-label={t.province}
          placeholder={t.anyArea}
          searchable
          clearable
          value={province?.code ?? null}
          onChange={(code) => onChange({ area: code })}
          data={provinces.map((node) => ({ value: node.code, label: node.name }))}
        />
        {province && (province.children?.length ?? 0) > 0 && (
          <Select
            size="xs"
            aria-label={t.city}
            placeholder={t.wholeProvince}
            searchable
            clearable
            value={conditions.area === province.code ? null : conditions.area}
            onChange={(code) => onChange({ area: code ?? province.code })}
            data={(province.children ?? []).map((node) => ({ value: node.code, label: node.name }))}
          />
        )}
        <InlineLabel id={`${ids}-industry`}>{t.industry}</InlineLabel>
        <Select
          size="xs"
          aria-label={t.industry}
          placeholder={t.anyIndustry}
          searchable
          clearable
          value={conditions.industry}
          onChange={(industry) => onChange({ industry })}
          data={industries.map((section) => ({
            group: section.name,
            items: [
              { value: section.code, label: section.name },
              ...section.children.map((division) => ({ value: division.code, label: division.name })),
            ],
          }))}
        />
      </ConditionRow>
      <ConditionRow stacked={stacked} label={t.amount} id={`${ids}-amount`}>
        <Select
          size="xs"
          aria-label={t.amount}
          placeholder={t.anyAmount}
          clearable
          value={customAmount ? CUSTOM : presetAmount ? conditions.amountRange : null}
          onChange={(value) => {
            setCustomAmount(value === CUSTOM);
            if (value !== CUSTOM) onChange({ amountRange: value });
          }}
          data={[
            ...(options?.amountRanges ?? []).map((range) => ({
              value: String(range.value),
              label: range.label,
            })),
            { value: CUSTOM, label: t.customAmount },
          ]}
        />
        {customAmount && (
          <>
            <NumberInput
              size="xs"
              w={150}
              aria-label={t.minAmount}
              placeholder={t.minAmount}
              min={0}
              value={minAmount}
              onChange={setMinAmount}
              error={amountError}
            />
            <NumberInput
              size="xs"
              w={150}
              aria-label={t.maxAmount}
              placeholder={t.maxAmount}
              min={0}
              value={maxAmount}
              onChange={setMaxAmount}
            />
            <Button size="xs" variant="light" onClick={applyCustomAmount}>
              {messages.keyword.submit}
            </Button>
          </>
        )}
        <InlineLabel id={`${ids}-date`}>{t.date}</InlineLabel>
        <Select
          size="xs"
          aria-label={t.date}
          placeholder={t.anyDate}
          clearable
          value={presetDate?.value ?? null}
          onChange={(value) => {
            const range = options?.dateRanges.find((entry) => entry.value === value);
            onChange({ startDate: range?.startDate ?? null, endDate: range?.endDate ?? null });
          }}
          data={(options?.dateRanges ?? []).map((range) => ({ value: range.value, label: range.label }))}
        />
        <DateField
          size="xs"
          w={stacked ? '100%' : undefined}
          ariaLabel={t.startDate}
          placeholder={t.startDate}
          value={conditions.startDate}
          maxDate={conditions.endDate ?? undefined}
          onChange={(startDate) => onChange({ startDate })}
        />
        <DateField
          size="xs"
          w={stacked ? '100%' : undefined}
          ariaLabel={t.endDate}
          placeholder={t.endDate}
          value={conditions.endDate}
          minDate={conditions.startDate ?? undefined}
          onChange={(endDate) => onChange({ endDate })}
        />
      </ConditionRow>
      <Group>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            setCustomAmount(false);
            setMinAmount('');
            setMaxAmount('');
            setAmountError(null);
            onChange({ ...EMPTY_CONDITIONS, keyword: conditions.keyword });
          }}
        >
          {t.reset}
        </Button>
      </Group>
    </Stack>
  );
}
