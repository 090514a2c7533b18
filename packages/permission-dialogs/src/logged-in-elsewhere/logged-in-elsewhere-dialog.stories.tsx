import { Button } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useLoggedInElsewhereDialog } from './logged-in-elsewhere-dialog';

function LoggedInElsewhere() {
  const { confirmLoggedInElsewhere, element } = useLoggedInElsewhereDialog();
  const [note, setNote] = useState('');
  return (
    <>
      <Button onClick={() => confirmLoggedInElsewhere().then(() => setNote('已确认：退出登录并刷新页面'))}>
        模拟 4011 响应
      </Button>
      <p>{note}</p>
      {element}
    </>
  );
}

const meta = {
  title: 'permission-dialogs/LoggedInElsewhere',
  component: LoggedInElsewhere,
} satisfies Meta<typeof LoggedInElsewhere>;

export default meta;

export const OnCode4011: StoryObj<typeof meta> = {};
