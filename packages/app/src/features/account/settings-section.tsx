import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One framed section of 账号设置, titled and named for assistive technology by its title. */
export function SettingsSection({
  title,
  maxWidth,
  children,
}: {
  title: string;
  maxWidth: number;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title}>
      <Stack gap="sm" maw={maxWidth}>
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
