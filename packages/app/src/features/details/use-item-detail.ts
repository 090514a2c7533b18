import { type EndpointFunctions, isApiError } from '@tender/api-client';
import type { EndpointResponse, ItemDetail, ItemType, spxmDetailEndpoint } from '@tender/contracts';
import { showMessage } from '@tender/ui-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLayoutDialogs } from '../../layout/use-layout-dialogs';
import { useAppServices } from '../../shell/app-context';
import type { DetailScreenKind } from './detail-routes';
import { showGateRefusal } from './gate-refusal';

export type ApprovalStageStep = EndpointResponse<typeof spxmDetailEndpoint>['stages'][number];

export type ItemDetailState =
  | { status: 'loading' }
  | { status: 'ready'; detail: ItemDetail; stages: readonly ApprovalStageStep[] | undefined }
  | { status: 'notFound' }
  /** The gate's own sentence (which level opens it, the quota), shown under its dialog. */
  | { status: 'refused'; message: string }
  | { status: 'failed' };

/** Codes a detail call answers that the screen shows itself: the gate's refusal and the unknown item. */
const DETAIL_CODES = { handleCodes: [403, 404] } as const;

/**
 * The gated view of an item by screen (server src/details): 拟建 and 审批 through `selDesignedInfo`, an award
 * notice opened as one through `selZhongbiaoDetails`, every other announcement through `selZhaobiaoDetails`.
 */
function viewItem(
  api: EndpointFunctions,
  kind: DetailScreenKind,
  id: number,
  type: ItemType | undefined,
  showContact: boolean,
): Promise<ItemDetail> {
  if (kind === 'building' || kind === 'approve')
    return api.selDesignedInfo({ id, showContact }, DETAIL_CODES);
  if (kind === 'tender' && type === 'jg') return api.selZhongbiaoDetails({ id }, DETAIL_CODES);
  return api.selZhaobiaoDetails({ id }, DETAIL_CODES);
}

/** An approval's steps (`spxm/detail`, not gated); the view itself already passed the shenPiProject gate. */
async function approvalStages(api: EndpointFunctions, id: number) {
  try {
    return (await api.spxmDetail({ id }, { silent: true })).stages;
  } catch {
    return undefined;
  }
}

export interface ItemDetailLoad {
  state: ItemDetailState;
  retry(): void;
  /** 拟建/审批: view again with `showContact`, spending the contact privilege (its refusal opens its dialog). */
  unlockContacts(): Promise<void>;
  /** Follow state changed: the detail keeps it. */
  setCollected(isCollect: boolean): void;
}

/**
 * Loads a detail screen's item. A gate refusal (code 403) opens its permission dialog with `closePage` (spec §4:
 * usedUp, member, singleProvice and unPay close the page and go back); a refusal that names no dialog shows its
 * message.
 */
export function useItemDetail(
  kind: DetailScreenKind,
  id: number | undefined,
  type: ItemType | undefined,
): ItemDetailLoad {
  const { api, client } = useAppServices();
  const { openRefusal } = useLayoutDialogs();
  const [state, setState] = useState<ItemDetailState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const openRefusalRef = useRef(openRefusal);
  openRefusalRef.current = openRefusal;

  // `attempt` is in the dependencies as the retry trigger.
  useEffect(() => {
    if (id === undefined) return;
    let current = true;
    setState({ status: 'loading' });
    const load = async () => {
      try {
        const detail = await viewItem(api, kind, id, type, false);
        const stages = kind === 'approve' ? await approvalStages(api, id) : undefined;
        if (current) setState({ status: 'ready', detail, stages });
      } catch (error) {
        if (!current) return;
        if (isApiError(error) && error.code === 404) return setState({ status: 'notFound' });
        if (showGateRefusal(error, openRefusalRef.current, showMessage, { closePage: true }))
          return setState({ status: 'refused', message: isApiError(error) ? error.message : '' });
        setState({ status: 'failed' });
      }
    };
    void load();
    return () => {
      current = false;
    };
  }, [api, client, kind, id, type, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  const unlockContacts = useCallback(async () => {
    if (id === undefined) return;
    try {
      const detail = await viewItem(api, kind, id, type, true);
      setState((previous) =>
        previous.status === 'ready'
          ? { ...previous, detail }
          : { status: 'ready', detail, stages: undefined },
      );
    } catch (error) {
      showGateRefusal(error, openRefusalRef.current, showMessage);
    }
  }, [api, client, kind, id, type]);

  const setCollected = useCallback((isCollect: boolean) => {
    setState((previous) =>
      previous.status === 'ready' ? { ...previous, detail: { ...previous.detail, isCollect } } : previous,
    );
  }, []);

  return { state: id === undefined ? { status: 'notFound' } : state, retry, unlockContacts, setCollected };
}
