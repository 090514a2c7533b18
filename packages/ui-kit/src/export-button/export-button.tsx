import { Button, type ButtonProps } from '@mantine/core';
import type { MouseEventHandler } from 'react';
import { DownloadIcon } from '../icons';
import { messages } from '../messages';

export interface ExportButtonProps extends Omit<ButtonProps, 'children'> {
  onClick?: MouseEventHandler<HTMLButtonElement>;
  /** Another label than 一键导出项目. */
  label?: string;
}

/**
 * spec §2 Shared screen parts: the export-data button, 一键导出项目. Whether it shows at all is the brand's export
 * flag (spec §1) and the caller's decision; while `loading` it cannot be pressed twice.
 */
export function ExportButton({ label = messages.exportButton.label, ...props }: ExportButtonProps) {
  return (
    <Button leftSection={<DownloadIcon />} variant="filled" {...props}>
      {label}
    </Button>
  );
}
