import { Anchor, Badge, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../../shell/data-state';
import { gatedCallOptions, useGatedData } from '../../shell/use-gated-data';
import { EChart } from '../analysis/echart';
import { ATLAS_KINDS, type Atlas, atlasChart, clickedCompanyId } from './atlas-graph';
import { COMPANY_PATHS, companyIdFromSearch, companyLink } from './company-route';
import { messages } from './messages';
import { NoCompany } from './no-company';

/**
 * spec §2 /altas?companyId= (企业图谱): the company, its suppliers, owners, agencies and rivals as an interactive
 * graph (zoom, drag, click a node to open that company) with the same companies as a keyboard-reachable list.
 * Costs bussinessAnalyzer (with the partners, once per company per day).
 */
export function CompanyAtlasScreen() {
  const companyId = companyIdFromSearch(useSearch({ strict: false }));
  if (companyId === null) return <NoCompany />;
  return <CompanyAtlas key={companyId} companyId={companyId} />;
}

function CompanyAtlas({ companyId }: { companyId: number }) {
  const { api } = useAppServices();
  const atlas = useGatedData(
    (signal) => api.companyAtlas({ companyId }, gatedCallOptions(signal)),
    [api, companyId],
  );
  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-label={messages.atlas.title}>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {messages.atlas.title}
          </Title>
          <Anchor component={Link} {...companyLink(COMPANY_PATHS.detail, companyId)}>
            {messages.atlas.back}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed" mt={4}>
          {messages.atlas.listHint}
        </Text>
      </Paper>
      <DataState state={atlas}>{(data) => <AtlasView atlas={data} />}</DataState>
    </Stack>
  );
}

function AtlasView({ atlas }: { atlas: Atlas }) {
  const navigate = useNavigate();
  const spec = useMemo(() => atlasChart(atlas), [atlas]);
  if (atlas.nodes.length <= 1) return <Text c="dimmed">{messages.atlas.empty}</Text>;
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <EChart
          title={messages.atlas.graph}
          spec={spec}
          height={560}
          onClick={(event) => {
            const companyId = clickedCompanyId(event);
            if (companyId !== null) void navigate(companyLink(COMPANY_PATHS.detail, companyId));
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Paper withBorder p="md" component="section" aria-label={messages.atlas.list}>
          <Title order={3} size="h5" mb="xs">
            {messages.atlas.list}
          </Title>
          <Stack gap="sm">
            {ATLAS_KINDS.map((kind) => {
              const nodes = atlas.nodes.filter((node) => node.kind === kind);
              if (nodes.length === 0) return null;
              return (
                <Stack gap={4} key={kind}>
                  <Badge variant="light">{messages.atlas.kinds[kind]}</Badge>
                  <Stack
                    gap={2}
                    component="ul"
                    p={0}
                    m={0}
                    style={{ listStyle: 'none' }}
                    aria-label={messages.atlas.kinds[kind]}
                  >
                    {nodes.map((node) => (
                      <Group component="li" key={node.id} justify="space-between" wrap="nowrap">
                        <Anchor
                          component={Link}
                          size="sm"
                          {...companyLink(COMPANY_PATHS.detail, node.companyId)}
                        >
                          {node.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {messages.atlas.nodeItems(node.items)}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                </Stack>
              );
            })}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
