import { type CSSVariablesResolver, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type { BrandManifest } from '@tender/brand';
import { createBrandTheme } from '@tender/brand/theme';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn.js';
import { type ReactNode, useMemo } from 'react';
import { MessageHost } from '../message';
import { messages } from '../messages';

/**
 * Mantine's dimmed text (gray 6, #868e96) reads at 3.2:1 on the page's gray background, below WCAG AA's 4.5:1;
 * gray 7 (#495057) stays quieter than body text and reads at 7.7:1.
 */
const readableDimmedText: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

/**
 * Every modal's and drawer's close button says what it does (关闭) to a screen reader. Plain theme entries, not
 * `Modal.extend`: importing the components here would put them in the login page's bundle.
 */
const closeButtonProps = { 'aria-label': messages.dialog.close };
const DIALOG_DEFAULTS = {
  components: {
    Modal: { defaultProps: { closeButtonProps } },
    Drawer: { defaultProps: { closeButtonProps } },
  },
};

/** The dayjs and @mantine/dates locale of the product: the interface is in Chinese (spec §1). */
export const UI_LOCALE = 'zh-cn';

export interface UiKitProviderProps {
  /** The brand whose theme (colours, fonts) every component takes. */
  brand: BrandManifest;
  children: ReactNode;
  /** 'test' turns off transitions and portals (component tests). */
  env?: 'default' | 'test';
}

/**
 * What every screen built from the kit needs around it: Mantine with the brand's theme, and Chinese dates
 * (dayjs zh-cn, @mantine/dates `DatesProvider` with weeks starting on Monday), and the one message host
 * (`showMessage`, spec §8). The app shell, the Storybook host
 * and the component tests all use it; the app imports `@mantine/core/styles.css` (and `@mantine/dates/styles.css`
 * once it shows date pickers).
 */
export function UiKitProvider({ brand, children, env = 'default' }: UiKitProviderProps) {
  const theme = useMemo(() => mergeThemeOverrides(createBrandTheme(brand), DIALOG_DEFAULTS), [brand]);
  // dayjs's locale is global; setting it here (idempotent) keeps it from depending on module side effects.
  if (dayjs.locale() !== UI_LOCALE) dayjs.locale(UI_LOCALE);
  return (
    <MantineProvider theme={theme} env={env} cssVariablesResolver={readableDimmedText}>
      <DatesProvider settings={{ locale: UI_LOCALE, firstDayOfWeek: 1 }}>
        {children}
        <MessageHost />
      </DatesProvider>
    </MantineProvider>
  );
}
