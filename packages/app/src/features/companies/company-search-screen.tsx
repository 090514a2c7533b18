import {
  Anchor,
  Autocomplete,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import type { CompanySummary, companySearchEndpoint, EndpointRequest } from '@tender/contracts';
import { ListPagination } from '@tender/ui-kit';
import { type FormEvent, useEffect, useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../../shell/data-state';
import { gatedCallOptions, useGatedData } from '../../shell/use-gated-data';
import { COMPANY_PATHS, companyLink } from './company-route';
import { messages } from './messages';

type CompanySearchRequest = EndpointRequest<typeof companySearchEndpoint>;
type SearchRole = 'all' | 'purchaser' | 'agency' | 'winner';

const ROLE_OPTIONS: { value: SearchRole; label: string }[] = [
  { value: 'all', label: messages.search.allRoles },
  { value: 'purchaser', label: messages.roles.purchaser },
  { value: 'agency', label: messages.roles.agency },
  { value: 'winner', label: messages.roles.winner },
];

/** The keyword's minimum as the contract has it; shorter input gets no suggestions and no search. */
const MIN_KEYWORD_LENGTH = 2;
/** The contract's 100 pages of 20: 2000 companies at most. */
const MAX_PAGES = 100;

/** The roles a company has appeared in, in the order the search offers them. */
export function companyRoles(company: CompanySummary): string[] {
  const { counts } = company;
  return [
    ...(counts.purchaser > 0 ? [messages.roles.purchaser] : []),
    ...(counts.agency > 0 ? [messages.roles.agency] : []),
    ...(counts.winner > 0 ? [messages.roles.winner] : []),
  ];
}

/** spec §2 /enterpriseAnalysis/informationQuery/erterInformation: companies by name, with company suggestions. */
export function CompanySearchScreen() {
  const { api } = useAppServices();
  const [keyword, setKeyword] = useState('');
  const [role, setRole] = useState<SearchRole>('all');
  const [query, setQuery] = useState<CompanySearchRequest | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [typed] = useDebouncedValue(keyword.trim(), 250);

  // spec §7 searchWordList with type 0: company names while typing.
  useEffect(() => {
    if (typed.length < MIN_KEYWORD_LENGTH) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    api
      .searchWordList({ keyword: typed, type: 0 }, { signal: controller.signal, silent: true })
      .then(({ words }) => setSuggestions([...new Set(words.map((entry) => entry.word))]))
      .catch(() => setSuggestions([]));
    return () => controller.abort();
  }, [api, typed]);

  const search = (word: string, chosenRole: SearchRole, pageNumber = 1) => {
    if (word.trim().length < MIN_KEYWORD_LENGTH) {
      setHint(messages.search.keywordTooShort);
      return;
    }
    setHint(null);
    setQuery({
      keyword: word.trim(),
      ...(chosenRole === 'all' ? {} : { role: chosenRole }),
      pageNumber,
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(keyword, role);
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-label={messages.search.title}>
        <Title order={2} size="h4" mb="sm">
          {messages.search.title}
        </Title>
        <form onSubmit={onSubmit} aria-label={messages.search.title}>
          <Group align="flex-end" wrap="wrap">
            <Autocomplete
              label={messages.search.keyword}
              placeholder={messages.search.keywordPlaceholder}
              value={keyword}
              onChange={setKeyword}
              onOptionSubmit={(word) => search(word, role)}
              data={suggestions}
              error={hint}
              maxLength={50}
              style={{ flex: 1, minWidth: 260 }}
            />
            <Button type="submit">{messages.search.submit}</Button>
          </Group>
          <Group mt="sm" gap="xs">
            <Text size="sm" id="company-role-label">
              {messages.search.role}
            </Text>
            <SegmentedControl
              aria-labelledby="company-role-label"
              data={ROLE_OPTIONS}
              value={role}
              onChange={(value) => {
                setRole(value as SearchRole);
                if (query) search(query.keyword, value as SearchRole);
              }}
            />
          </Group>
        </form>
      </Paper>
      <Paper withBorder p="md" component="section" aria-label={messages.search.results}>
        {query ? (
          <CompanyResults query={query} onPage={(page) => search(query.keyword, role, page)} />
        ) : (
          <Text c="dimmed">{messages.search.prompt}</Text>
        )}
      </Paper>
    </Stack>
  );
}

/** One page of the search's answer: the companies and the pager. */
function CompanyResults({
  query: request,
  onPage,
}: {
  query: CompanySearchRequest;
  onPage(page: number): void;
}) {
  const { api } = useAppServices();
  const state = useGatedData((signal) => api.companySearch(request, gatedCallOptions(signal)), [request]);
  return (
    <DataState state={state}>
      {(page) =>
        page.records.length === 0 ? (
          <Text c="dimmed">{messages.search.empty}</Text>
        ) : (
          <Stack gap="sm">
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {page.records.map((company) => (
                <CompanyRow key={company.companyId} company={company} />
              ))}
            </Stack>
            <ListPagination
              total={page.total}
              page={page.pageNumber}
              pageSize={page.pageSize}
              maxPages={MAX_PAGES}
              listKind="potential-customer"
              onChange={onPage}
            />
          </Stack>
        )
      }
    </DataState>
  );
}

function CompanyRow({ company }: { company: CompanySummary }) {
  const { counts } = company;
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" wrap="wrap">
        <Anchor component={Link} {...companyLink(COMPANY_PATHS.detail, company.companyId)} fw={600}>
          {company.name}
        </Anchor>
        <Group gap={4}>
          {companyRoles(company).map((role) => (
            <Badge key={role} variant="light">
              {role}
            </Badge>
          ))}
        </Group>
      </Group>
      <Group gap="md" mt={4}>
        <Text size="sm" c="dimmed">
          {messages.search.region}：{company.regionText || '-'}
        </Text>
        <Text size="sm">{messages.search.counts(counts.purchaser, counts.agency, counts.winner)}</Text>
        <Text size="sm" c="dimmed">
          {company.lastActiveDate
            ? messages.search.lastActive(company.lastActiveDate)
            : messages.search.noActivity}
        </Text>
      </Group>
    </Paper>
  );
}
