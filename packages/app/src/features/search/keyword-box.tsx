import { Autocomplete, Button, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { EndpointResponse, searchWordListEndpoint } from '@tender/contracts';
import { DEBOUNCE_MS } from '@tender/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import { HighlightedText } from './highlighted-text';
import { messages } from './messages';

type Suggestion = EndpointResponse<typeof searchWordListEndpoint>['words'][number];

export interface KeywordBoxProps {
  value: string;
  onChange(value: string): void;
  /** Enter, the button or a chosen suggestion: search this keyword. */
  onSearch(keyword: string): void;
}

/**
 * The keyword box: suggestions from `searchWordList` while typing (spec §5: debounced 300 ms), moved through with
 * the arrow keys and chosen with Enter; Enter without a chosen suggestion searches what was typed.
 */
export function KeywordBox({ value, onChange, onSearch }: KeywordBoxProps) {
  const { api } = useAppServices();
  const [typed] = useDebouncedValue(value.trim(), DEBOUNCE_MS);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);

  useEffect(() => {
    if (typed === '') {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    api
      .searchWordList({ keyword: typed.slice(0, 50) }, { signal: controller.signal, silent: true })
      .then(({ words }) => setSuggestions(words))
      .catch(() => setSuggestions([]));
    return () => controller.abort();
  }, [api, typed]);

  const highlightOf = new Map(suggestions.map((entry) => [entry.word, entry.wordHighlight]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value);
  };

  return (
    <form onSubmit={submit} aria-label={messages.keyword.label}>
      <Group align="flex-end" wrap="nowrap">
        <Autocomplete
          label={messages.keyword.label}
          placeholder={messages.keyword.placeholder}
          value={value}
          onChange={onChange}
          onOptionSubmit={(word) => {
            onChange(word);
            onSearch(word);
          }}
          data={[...new Set(suggestions.map((entry) => entry.word))]}
          filter={({ options }) => options}
          renderOption={({ option }) => (
            <Text size="sm">
              <HighlightedText html={highlightOf.get(option.value) ?? option.value} />
            </Text>
          )}
          maxLength={100}
          style={{ flex: 1 }}
        />
        <Button type="submit">{messages.keyword.submit}</Button>
      </Group>
    </form>
  );
}
