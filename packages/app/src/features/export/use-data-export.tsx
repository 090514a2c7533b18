import { useNavigate } from '@tanstack/react-router';
import { showMessage } from '@tender/ui-kit';
import { type ReactNode, useCallback, useState } from 'react';
import { useLayoutDialogs } from '../../layout/use-layout-dialogs';
import { useAppServices } from '../../shell/app-context';
import { downloadExport } from './download-export';
import type { ConditionNames, ExportConditionsInput } from './export-conditions';
import { ExportFlowDialog, type ExportRequest } from './export-flow-dialog';

export interface DataExport {
  /** Opens the 一键导出项目 flow for these conditions (the screen's current search); `names` label their codes. */
  openExport(conditions: ExportConditionsInput, names?: ConditionNames): void;
  /** Render once where the hook is used. */
  element: ReactNode;
}

/**
 * The export flow for any screen with a result list, inside the main layout:
 *
 * ```tsx
 * const { openExport, element } = useDataExport();
 * {brand.flags.export && <ExportButton onClick={() => openExport(currentConditions)} />}
 * {element}
 * ```
 */
export function useDataExport(): DataExport {
  const { api, client } = useAppServices();
  const { openRefusal } = useLayoutDialogs();
  const navigate = useNavigate();
  const [request, setRequest] = useState<ExportRequest | undefined>();
  const openExport = useCallback((conditions: ExportConditionsInput, names?: ConditionNames) => {
    setRequest({ conditions, names });
  }, []);
  const close = useCallback(() => setRequest(undefined), []);

  const element = (
    <ExportFlowDialog
      request={request}
      onClose={close}
      api={api}
      openRefusal={openRefusal}
      showMessage={showMessage}
      download={(record) => downloadExport(client, record).catch(() => undefined)}
      onViewRecords={() => {
        close();
        void navigate({ to: '/myExport' });
      }}
    />
  );
  return { openExport, element };
}
