import {
  Alert,
  Button,
  Chip,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SubscriptionKind } from '@tender/contracts';
import { type AreaNode, DEBOUNCE_MS } from '@tender/domain';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { type AmountBounds, amountBoundsOf, groupAmountText } from './group-amount';
import { messages } from './messages';
import { GROUP_SCOPES, type GroupScope, KIND_TYPES, type SubscriptionType } from './subscription-kinds';
import type { KeywordCheck, SubscriptionGroup, SubscriptionGroupInput, SubscriptionLimit } from './types';

export interface GroupFormProps {
  /** The kinds this screen manages; the first is chosen for a new group. */
  kinds: readonly SubscriptionKind[];
  limits: readonly SubscriptionLimit[];
  /** The group being edited; none for a new one. */
  group?: SubscriptionGroup | undefined;
  /** The area tree (全国 → provinces → cities); the form offers its provinces. */
  areaTree: readonly AreaNode[];
  /** Frequent words of recent titles, offered as one-click keywords. */
  recommendedWords: readonly string[];
  /** Words of recent titles extending what is typed (`montiorThinkWordList`). */
  suggestWords(typed: string): Promise<string[]>;
  /** The server's check of a word (`monitor-keyword/verify`). */
  verifyWord(word: string): Promise<KeywordCheck>;
  /** Saves; a rejection's message is shown in the form. */
  onSubmit(input: SubscriptionGroupInput): Promise<void>;
  onCancel(): void;
  onUpgrade(): void;
}

const wordLength = (word: string) => [...word].length;

/** The provinces of the area tree (its second level, under 全国) as picker options, by GB/T 2260 code. */
function provinceOptions(tree: readonly AreaNode[], savedCodes: readonly string[]) {
  const provinces = tree.flatMap((root) => root.children ?? []);
  const options = provinces.map((province) => ({ value: province.code, label: province.name }));
  // A code the tree does not list (a city saved elsewhere) stays chosen rather than being dropped silently.
  const unknown = savedCodes.filter((code) => !options.some((option) => option.value === code));
  return [...options, ...unknown.map((code) => ({ value: code, label: code }))];
}

/**
 * A keyword group (spec §2 subscriptions, §3 Search filter state): kind, include and exclude words with the
 * server's suggestions and check, match scope, provinces, types and an amount range. The limits of the member's
 * level are shown; the server decides them and its refusal is shown as the save's error.
 */
export function GroupForm({
  kinds,
  limits,
  group,
  areaTree,
  recommendedWords,
  suggestWords,
  verifyWord,
  onSubmit,
  onCancel,
  onUpgrade,
}: GroupFormProps) {
  const [kind, setKind] = useState<SubscriptionKind>(group?.kind ?? kinds[0] ?? 'tender');
  const [name, setName] = useState(group?.name ?? '');
  const [includeWords, setIncludeWords] = useState<string[]>(group?.includeWords ?? []);
  const [excludeWords, setExcludeWords] = useState<string[]>(group?.excludeWords ?? []);
  const [scope, setScope] = useState<GroupScope>(group?.scope ?? 20);
  const [areaCodes, setAreaCodes] = useState<string[]>(group?.areaCodes ?? []);
  const [types, setTypes] = useState<string[]>(group?.types ?? []);
  const [amount, setAmount] = useState<AmountBounds>(() => amountBoundsOf(group?.amount ?? ''));
  const [wordNotice, setWordNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [excludeError, setExcludeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [typed, setTyped] = useState('');
  const [debouncedTyped] = useDebouncedValue(typed, DEBOUNCE_MS);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const typesLabelId = useId();

  const limit = limits.find((candidate) => candidate.kind === kind);
  // A kind the level lacks has no words either: the server's refusal (the member dialog) says so, not a 0-word limit.
  const maxWords = limit && limit.maxWords > 0 ? limit.maxWords : -1;
  const isNew = group === undefined;
  const kindFull =
    isNew && limit !== undefined && limit.maxGroups >= 0 && limit.usedGroups >= limit.maxGroups;
  const areaOptions = useMemo(() => provinceOptions(areaTree, group?.areaCodes ?? []), [areaTree, group]);

  useEffect(() => {
    const word = debouncedTyped.trim();
    if (word === '') {
      setSuggestions([]);
      return;
    }
    let current = true;
    suggestWords(word).then(
      (words) => current && setSuggestions(words),
      () => current && setSuggestions([]),
    );
    return () => {
      current = false;
    };
  }, [debouncedTyped, suggestWords]);

  /** Why a word cannot be added to the include words, or null. */
  function includeProblem(word: string, current: readonly string[]): string | null {
    const length = wordLength(word);
    if (length < 2 || length > 20) return messages.form.wordLength;
    if (current.includes(word)) return messages.form.wordDuplicate(word);
    if (excludeWords.includes(word)) return messages.form.wordExcludedAndIncluded(word);
    if (maxWords >= 0 && current.length >= maxWords) return messages.form.tooManyWords(maxWords);
    return null;
  }

  /** Adds words one by one (a paste may bring several), checking each against those before it. */
  function addIncludeWords(raw: readonly string[]) {
    let words = includeWords;
    for (const word of raw.map((candidate) => candidate.trim())) {
      const problem = includeProblem(word, words);
      if (problem) {
        setWordNotice({ text: problem, error: true });
        break;
      }
      words = [...words, word];
      verify(word);
    }
    setIncludeWords(words);
  }

  function verify(word: string) {
    setWordNotice({ text: messages.form.verifying, error: false });
    verifyWord(word).then(
      (check) => {
        if (check.valid) {
          setWordNotice({ text: messages.form.verified(word, check.recentCount), error: false });
        } else {
          setIncludeWords((words) => words.filter((candidate) => candidate !== word));
          setWordNotice({ text: messages.form.invalidWord(word, check.message), error: true });
        }
      },
      // The check is advice; the save is validated by the server anyway.
      () => setWordNotice(null),
    );
  }

  function changeIncludeWords(next: string[]) {
    const added = next.filter((word) => !includeWords.includes(word));
    if (added.length === 0) setIncludeWords(includeWords.filter((word) => next.includes(word)));
    else addIncludeWords(added);
  }

  function changeExcludeWords(next: string[]) {
    const words = next.map((word) => word.trim());
    const both = words.find((word) => includeWords.includes(word));
    const wrongLength = words.find((word) => wordLength(word) < 2 || wordLength(word) > 20);
    if (both) setExcludeError(messages.form.wordExcludedAndIncluded(both));
    else if (wrongLength !== undefined) setExcludeError(messages.form.wordLength);
    else {
      setExcludeError(null);
      setExcludeWords(words);
    }
  }

  function changeKind(next: SubscriptionKind) {
    setKind(next);
    // Types belong to a kind: the server refuses another kind's.
    setTypes([]);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (includeWords.length === 0) {
      setWordNotice({ text: messages.form.wordRequired, error: true });
      return;
    }
    if (maxWords >= 0 && includeWords.length > maxWords) {
      setWordNotice({ text: messages.form.tooManyWords(maxWords), error: true });
      return;
    }
    if (amount.min !== undefined && amount.max !== undefined && amount.min > amount.max) {
      setFormError(messages.form.amountOrder);
      return;
    }
    setSaving(true);
    try {
      await onSubmit({
        ...(group ? { id: group.id } : {}),
        kind,
        name: name.trim() || messages.groups.defaultName(includeWords),
        includeWords,
        excludeWords,
        scope,
        areas: areaCodes,
        types: types as SubscriptionType[],
        amount: groupAmountText(amount),
      });
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  const numberOrUndefined = (value: string | number) =>
    value === '' || Number.isNaN(Number(value)) ? undefined : Number(value);

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={isNew ? messages.form.createTitle : messages.form.editTitle}
    >
      <Stack gap="md">
        {kinds.length > 1 && (
          <Radio.Group
            label={messages.form.kind}
            value={kind}
            onChange={(value) => changeKind(value as SubscriptionKind)}
          >
            <Group gap="lg" mt={4}>
              {kinds.map((option) => (
                <Radio key={option} value={option} label={messages.kinds[option]} disabled={!isNew} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {limit && (
          <Text size="sm" c="dimmed">
            {limit.maxGroups === 0
              ? messages.groups.kindClosed(messages.kinds[kind])
              : `${messages.groups.usage(messages.kinds[kind], limit.usedGroups, limit.maxGroups)}，${messages.groups.wordsPerGroup(limit.maxWords)}`}
          </Text>
        )}
        {isNew && limit?.maxGroups === 0 && (
          <Alert color="yellow" role="alert">
            <Group justify="space-between">
              <Text size="sm">{messages.groups.noneAllowed}</Text>
              <Button size="xs" variant="light" onClick={onUpgrade}>
                {messages.groups.upgrade}
              </Button>
            </Group>
          </Alert>
        )}
        {kindFull && limit?.maxGroups !== 0 && (
          <Alert color="yellow" role="alert">
            <Group justify="space-between">
              <Text size="sm">{messages.groups.full}</Text>
              <Button size="xs" variant="light" onClick={onUpgrade}>
                {messages.groups.upgrade}
              </Button>
            </Group>
          </Alert>
        )}
        <TextInput
          label={messages.form.name}
          placeholder={messages.form.namePlaceholder}
          value={name}
          maxLength={30}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TagsInput
          label={messages.form.includeWords}
          description={messages.form.includeHint}
          placeholder={messages.form.includePlaceholder}
          value={includeWords}
          onChange={changeIncludeWords}
          searchValue={typed}
          onSearchChange={setTyped}
          data={suggestions.filter((word) => !includeWords.includes(word))}
          splitChars={[',', '，', ' ']}
          error={wordNotice?.error ? wordNotice.text : undefined}
          required
        />
        {wordNotice && !wordNotice.error && (
          <Text size="xs" c="dimmed" role="status" mt={-8}>
            {wordNotice.text}
          </Text>
        )}
        {recommendedWords.length > 0 && (
          <Stack gap={4}>
            <Text size="sm">{messages.form.recommended}</Text>
            <Group gap={6}>
              {recommendedWords
                .filter((word) => !includeWords.includes(word))
                .map((word) => (
                  <Button
                    key={word}
                    size="compact-xs"
                    variant="light"
                    aria-label={messages.form.addWord(word)}
                    onClick={() => addIncludeWords([word])}
                  >
                    {word}
                  </Button>
                ))}
            </Group>
          </Stack>
        )}
        <TagsInput
          label={messages.form.excludeWords}
          placeholder={messages.form.excludePlaceholder}
          value={excludeWords}
          onChange={changeExcludeWords}
          splitChars={[',', '，', ' ']}
          error={excludeError ?? undefined}
        />
        <Radio.Group
          label={messages.form.scope}
          value={String(scope)}
          onChange={(value) => setScope(Number(value) as GroupScope)}
        >
          <Group gap="lg" mt={4}>
            {GROUP_SCOPES.map((option) => (
              <Radio key={option} value={String(option)} label={messages.scopes[option]} />
            ))}
          </Group>
        </Radio.Group>
        <MultiSelect
          label={messages.form.areas}
          placeholder={areaCodes.length === 0 ? messages.form.areasPlaceholder : undefined}
          data={areaOptions}
          value={areaCodes}
          onChange={setAreaCodes}
          searchable
          clearable
        />
        <Stack gap={4}>
          <Text size="sm" id={typesLabelId}>
            {messages.form.types}
            <Text span size="xs" c="dimmed" ml={8}>
              {messages.form.typesHint}
            </Text>
          </Text>
          <Chip.Group multiple value={types} onChange={setTypes}>
            <Group gap={6} role="group" aria-labelledby={typesLabelId}>
              {KIND_TYPES[kind].map((type) => (
                <Chip key={type} value={type} size="xs">
                  {messages.types[type]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
        <Stack gap={4}>
          <Group grow align="flex-start">
            <NumberInput
              label={`${messages.form.minAmount}（万元）`}
              min={0}
              decimalScale={2}
              allowNegative={false}
              value={amount.min ?? ''}
              onChange={(value) => setAmount((bounds) => ({ ...bounds, min: numberOrUndefined(value) }))}
            />
            <NumberInput
              label={`${messages.form.maxAmount}（万元）`}
              min={0}
              decimalScale={2}
              allowNegative={false}
              value={amount.max ?? ''}
              onChange={(value) => setAmount((bounds) => ({ ...bounds, max: numberOrUndefined(value) }))}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {messages.form.amountHint}
          </Text>
        </Stack>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {messages.form.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {messages.form.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
