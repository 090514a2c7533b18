import { Anchor, Avatar, Button, Divider, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import type { User } from '@tender/contracts';
import { maskPhone, userDisplayName } from '@tender/domain';
import { useState } from 'react';
import { messages } from '../messages';

export interface UserPopoverProps {
  user: User;
  /** Whether the company allows paying: the coupon entry shows only then (spec §2). */
  allowPay: boolean;
  onUpgrade(): void;
  onServicePeriod(): void;
  onCoupons(): void;
  onLogout(): void;
}

/**
 * spec §2 user popover: the real name (and under it the masked phone, 138****1234) or the masked phone alone, and
 * the level; 续费升级 with an open membership,
 * 开通会员 otherwise; the expiry (first entry of the upgrade list), 服务期明细, coupons when paying is allowed,
 * and 退出登录.
 */
export function UserPopover({
  user,
  allowPay,
  onUpgrade,
  onServicePeriod,
  onCoupons,
  onLogout,
}: UserPopoverProps) {
  const name = userDisplayName(user);
  const maskedPhone = maskPhone(user.mobile);
  const expiry = user.upgradeList[0]?.expireDate;
  const [opened, setOpened] = useState(false);
  // Each entry opens a dialog or leaves: the popover closes first, or it would stay drawn over that dialog.
  const closingThen = (action: () => void) => () => {
    setOpened(false);
    action();
  };
  return (
    <Popover width={240} position="bottom-end" shadow="md" withArrow opened={opened} onChange={setOpened}>
      <Popover.Target>
        <UnstyledButton aria-label={name} onClick={() => setOpened((current) => !current)}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={user.headimgurl || null} size="sm" radius="xl" />
            <Text size="sm">{name}</Text>
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm" data-testid="popover-user-name">
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {user.memberName}
            </Text>
          </Group>
          {/* With a real name the masked phone shows under it, so the member sees which account this is. */}
          {maskedPhone && maskedPhone !== name && (
            <Text size="xs" c="dimmed" data-testid="popover-user-phone">
              {maskedPhone}
            </Text>
          )}
          <Button size="xs" onClick={closingThen(onUpgrade)}>
            {user.isOpenMember ? messages.layout.renew : messages.layout.openMembership}
          </Button>
          {expiry && (
            <Text size="xs" c="dimmed">
              {messages.layout.expiry(expiry)}
            </Text>
          )}
          <Anchor component="button" size="xs" onClick={closingThen(onServicePeriod)} ta="left">
            {messages.layout.servicePeriod}
          </Anchor>
          {allowPay && (
            <Anchor component="button" size="xs" onClick={closingThen(onCoupons)} ta="left">
              {messages.layout.coupons}
            </Anchor>
          )}
          <Divider />
          <Button size="xs" variant="subtle" color="gray" onClick={closingThen(onLogout)}>
            {messages.layout.logout}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
