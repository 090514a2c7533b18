import { Box, Group, Paper, Text, Title, UnstyledButton, useMantineTheme } from '@mantine/core';
import { messages } from './messages';
import { GRID_COLUMNS, GRID_ROWS, type ProvinceTile, provinceTiles, SHADE_STEPS } from './province-grid';

export interface ProvinceTileMapProps {
  title: string;
  byProvince: readonly { code: string; items: number }[];
  /** The province chosen as the filter (its tile is outlined). */
  selectedCode?: string | null;
  /** A province was clicked (by mouse or keyboard). */
  onSelect?(tile: ProvinceTile): void;
}

/**
 * The palette index of each step: 1–2 light under dark text, 3–5 from the brand's filled shade (6) on, where white
 * text reads at WCAG AA (shade 5 of a light brand colour did not).
 */
const SHADE_INDEXES = [0, 1, 3, 6, 7, 9] as const;

/** The brand's primary shade for a step: 0 is the empty grey, 1–5 ever darker. */
function shadeColor(palette: readonly string[], shade: number): string {
  return shade === 0 ? 'var(--mantine-color-gray-1)' : (palette[SHADE_INDEXES[shade] ?? 9] ?? '');
}

/**
 * The province map of market analysis as a tile-grid cartogram: one square per province, coloured by its items.
 * Every tile is a button named '广东：123 条', so the map is also a list for keyboards and screen readers.
 */
export function ProvinceTileMap({ title, byProvince, selectedCode, onSelect }: ProvinceTileMapProps) {
  const theme = useMantineTheme();
  const palette = theme.colors[theme.primaryColor] ?? theme.colors.blue;
  const tiles = provinceTiles(byProvince);
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {messages.market.mapHint}
      </Text>
      <Box
        role="list"
        aria-label={title}
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
          gridTemplateRows: `repeat(${GRID_ROWS}, auto)`,
          gap: 4,
          maxWidth: 560,
        }}
      >
        {tiles.map((tile) => (
          <Box role="listitem" key={tile.code} style={{ gridRow: tile.row + 1, gridColumn: tile.column + 1 }}>
            <UnstyledButton
              aria-label={messages.map.tile(tile.name, tile.items)}
              aria-pressed={selectedCode === tile.code}
              data-shade={tile.shade}
              onClick={() => onSelect?.(tile)}
              style={{
                width: '100%',
                aspectRatio: '1',
                borderRadius: 4,
                background: shadeColor(palette, tile.shade),
                color: tile.shade >= 3 ? 'white' : 'var(--mantine-color-dark-7)',
                outline: selectedCode === tile.code ? '2px solid var(--mantine-color-dark-7)' : undefined,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                fontSize: 11,
                lineHeight: 1.2,
              }}
            >
              <span>{tile.name}</span>
              <span>{tile.items}</span>
            </UnstyledButton>
          </Box>
        ))}
      </Box>
      <Group gap={4} mt="xs" aria-hidden="true">
        <Text size="xs">{messages.map.legendLow}</Text>
        {Array.from({ length: SHADE_STEPS + 1 }, (_, shade) => (
          <Box
            key={shade}
            w={16}
            h={12}
            style={{ background: shadeColor(palette, shade), borderRadius: 2 }}
          />
        ))}
        <Text size="xs">{messages.map.legendHigh}</Text>
      </Group>
    </Paper>
  );
}
