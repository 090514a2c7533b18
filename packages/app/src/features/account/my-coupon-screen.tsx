import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CouponDialog } from '@tender/membership';
import { useState } from 'react';
import { useLayoutDialogs } from '../../layout/use-layout-dialogs';
import { useAppServices } from '../../shell/app-context';
import { messages } from './messages';

/**
 * 我的优惠券 (/myCoupon; shown only when the brand allows paying): the coupon list is the membership package's
 * 优惠券 dialog (spec §2), open on arrival and again from the page; 去使用 opens the membership modal.
 */
export function MyCouponScreen() {
  const { api } = useAppServices();
  const { openMembership } = useLayoutDialogs();
  const [opened, setOpened] = useState(true);
  const t = messages.myCoupon;
  return (
    <Paper withBorder p="lg" component="section" aria-label={t.title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t.hint}
          </Text>
          <Button variant="light" onClick={() => setOpened(true)}>
            {t.show}
          </Button>
        </Group>
      </Stack>
      <CouponDialog
        opened={opened}
        onClose={() => setOpened(false)}
        api={api}
        onUseCoupon={() => {
          setOpened(false);
          openMembership();
        }}
      />
    </Paper>
  );
}
