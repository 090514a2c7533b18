import { CheckIcon, ColorSwatch, Drawer, Group, Stack, Switch, Text } from '@mantine/core';
import type { LayoutSettings } from '@tender/domain';
import { messages } from '../messages';
import { useAppServices } from '../shell/app-context';
import { useSettingsStore } from '../stores/settings-store';

const switches = [
  'tagsView',
  'fixedHeader',
  'sidebarLogo',
  'uniqueOpened',
] as const satisfies readonly (keyof LayoutSettings)[];

/** spec §2: the settings right panel — theme colour, show tags, fixed header, show logo, unique-opened menu. */
export function SettingsPanel({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { brand } = useAppServices();
  const settings = useSettingsStore();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={280} title={messages.settings.title}>
      <Stack gap="md">
        <div>
          <Text size="sm" mb={6}>
            {messages.settings.theme}
          </Text>
          <Group gap={8}>
            {brand.colors.themeChoices.map((color) => (
              <ColorSwatch
                key={color}
                component="button"
                color={color}
                aria-label={`${messages.settings.theme} ${color}`}
                aria-pressed={settings.theme === color}
                onClick={() => settings.changeSetting({ theme: color })}
                style={{ color: 'white', cursor: 'pointer' }}
              >
                {settings.theme === color && <CheckIcon size={12} />}
              </ColorSwatch>
            ))}
          </Group>
        </div>
        {switches.map((key) => (
          <Switch
            key={key}
            label={messages.settings[key]}
            checked={settings[key]}
            onChange={(event) => settings.changeSetting({ [key]: event.currentTarget.checked })}
          />
        ))}
      </Stack>
    </Drawer>
  );
}
