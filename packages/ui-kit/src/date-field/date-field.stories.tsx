import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { DateField, type DateFieldProps } from './date-field';

const meta = {
  title: 'ui-kit/DateField',
  component: DateField,
  args: { value: null, onChange: () => {} },
  render: function Render(args: DateFieldProps) {
    const [value, setValue] = useState(args.value);
    return <DateField {...args} value={value} onChange={setValue} />;
  },
} satisfies Meta<typeof DateField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, with its label: the placeholder says what to pick. */
export const Empty: Story = { args: { label: '发布日期起', w: 220 } };

/** A chosen date, shown as YYYY-MM-DD; clearable. */
export const Chosen: Story = { args: { label: '发布日期止', value: '2026-03-18', w: 220 } };

/** Refused by a form: the message under the field and the field's own text stay readable (axe colour contrast). */
export const WithError: Story = {
  args: { label: '发布日期止', value: '2026-03-01', error: '结束日期不能早于开始日期', w: 220 },
};

/** An empty field in the error state: its placeholder stays readable too. */
export const EmptyWithError: Story = {
  args: { label: '发布日期起', error: '请选择开始日期', w: 220 },
};
