import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Chooses a date in an empty `DateField` (Mantine's DatePickerInput) the way a member does: opens its calendar,
 * steps month by month from today's towards the date, and clicks the day (named 'YYYY-MM-DD').
 */
export async function pickDate(user: UserEvent, label: string, date: string): Promise<void> {
  await user.click(screen.getByLabelText(label));
  const step = date < new Date().toISOString().slice(0, 10) ? '上个月' : '下个月';
  for (let months = 0; months < 60; months += 1) {
    const day = screen
      .queryAllByRole('button', { name: date })
      .find((button) => !button.hasAttribute('data-outside'));
    if (day) {
      await user.click(day);
      return;
    }
    await user.click(screen.getByRole('button', { name: step }));
  }
  throw new Error(`no day ${date} within five years of today`);
}
