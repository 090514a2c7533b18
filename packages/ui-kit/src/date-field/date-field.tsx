import type { MantineSize } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { messages } from '../messages';

export interface DateFieldProps {
  /** 'YYYY-MM-DD', or null when empty. */
  value: string | null;
  onChange(value: string | null): void;
  /** Shown above the field; without it `ariaLabel` names it. */
  label?: string;
  ariaLabel?: string;
  placeholder?: string;
  /** 'YYYY-MM-DD' bounds. */
  minDate?: string;
  maxDate?: string;
  size?: MantineSize;
  w?: number | string;
  error?: string | null;
}

/**
 * A date field in the product's locale (zh-CN calendar from `UiKitProvider`'s DatesProvider, weeks from Monday),
 * shown and handed over as 'YYYY-MM-DD' — instead of the browser's `<input type="date">`, whose format follows
 * the browser (mm/dd/yyyy in an English Chromium).
 */
export function DateField({
  value,
  onChange,
  label,
  ariaLabel,
  placeholder = messages.dateField.placeholder,
  minDate,
  maxDate,
  size = 'sm',
  w,
  error,
}: DateFieldProps) {
  return (
    <DatePickerInput
      label={label}
      // A visible label names the field; an aria-label beside it would hide the chosen date from its name.
      aria-label={label ? undefined : ariaLabel}
      placeholder={placeholder}
      valueFormat="YYYY-MM-DD"
      value={value || null}
      onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
      minDate={minDate}
      maxDate={maxDate}
      clearable
      clearButtonProps={{ 'aria-label': messages.dateField.clear }}
      size={size}
      w={w ?? 140}
      error={error}
      // Mantine's placeholder grey and error red (also the field's own text in the error state) are too faint on
      // white (WCAG AA 4.5:1): red 9 is 6.6:1, grey 7 7.3:1.
      styles={{
        input: error ? { color: 'var(--mantine-color-red-9)' } : undefined,
        placeholder: { color: error ? 'var(--mantine-color-red-9)' : 'var(--mantine-color-gray-7)' },
        error: { color: 'var(--mantine-color-red-9)' },
      }}
      popoverProps={{ withinPortal: true }}
      ariaLabels={messages.dateField.calendar}
      // The calendar's headings the Chinese way (dayjs zh-cn's 'MMMM YYYY' would read 十一月 2026).
      monthLabelFormat="YYYY年M月"
      yearLabelFormat="YYYY年"
      monthsListFormat="M月"
      // Each day is named by its date, so assistive technology (and a test) can choose it.
      getDayAriaLabel={(date) => date}
    />
  );
}
