import { Autocomplete, Button, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { EndpointResponse, searchWordListEndpoint } from '@tender/contracts';
import { DEBOUNCE_MS } from '@tender/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
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
  /** The keyword just searched: no suggestions for it (choosing one would otherwise reopen the list). */
  const searched = useRef<string | null>(null);

  useEffect(() => {
    if (typed === '' || typed === searched.current) {
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
  // A search closes the suggestions until the member types again.
  const search = (keyword: string) => {
    searched.current = keyword.trim();
    setSuggestions([]);
    onSearch(keyword);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(value);
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
            search(word);
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
