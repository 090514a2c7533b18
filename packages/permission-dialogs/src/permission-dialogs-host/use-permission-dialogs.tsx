import type { GateRefusal } from '@tender/contracts';
import type { PaidMemberCode } from '@tender/domain';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import {
  type PermissionDialogClosingHandlers,
  runPermissionDialogClose,
} from '../closing/permission-dialog-closing';
import { PermissionDialog } from '../permission-dialog/permission-dialog';
import {
  type PermissionDialogContent,
  permissionDialogFromRefusal,
  type UpgradeOptions,
} from '../permission-dialog/permission-dialog-content';
import type { PermissionDialogServerConfig } from './use-permission-dialog-server-config';

export interface OpenPermissionDialogOptions {
  /** Close the page under the dialog when it closes (spec §4; detail pages open their gate this way). */
  closePage?: boolean;
}

export interface UsePermissionDialogsOptions extends Partial<PermissionDialogServerConfig> {
  /** The closing rules' side effects (router, tags bar, overlay, project query). */
  closing: PermissionDialogClosingHandlers;
  /** An upgrade button: open the membership modal (`useMembershipPurchase().openMembership`). */
  onUpgrade(memberCode: PaidMemberCode | null, options: UpgradeOptions): void;
  /** pcUse logout after confirmation (the custom-login flag is already set): log out, then reload. */
  onLogout(): void;
  /** The signed-in user's isUsePc: -1 opens the pcUse popup (spec §2 "Other dialogs"). */
  isUsePc?: 1 | -1;
}

export interface PermissionDialogsState {
  /** Opens a dialog; a second one replaces the first. */
  open(content: PermissionDialogContent, options?: OpenPermissionDialogOptions): void;
  /** Opens the dialog a gate refusal names; false when it names none (show the refusal's message instead). */
  openRefusal(refusal: GateRefusal, options?: OpenPermissionDialogOptions): boolean;
  /**
   * Hides the dialog without its closing rules: the member navigated away (Back included), so the page that opened
   * it is no longer there to close or return from.
   */
  dismiss(): void;
  /** The dialog showing now. */
  current: PermissionDialogContent | undefined;
  /** Render once in the layout. */
  element: ReactNode;
}

/**
 * The layout's permission popup (spec §2 Global layout: "two permission popups"): opens any of the seven dialogs,
 * applies spec §4's closing rules through the app's handlers, and opens pcUse when the user's isUsePc is -1.
 */
export function usePermissionDialogs(options: UsePermissionDialogsOptions): PermissionDialogsState {
  const [shown, setShown] = useState<{ content: PermissionDialogContent; closePage: boolean }>();
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const open = useCallback((content: PermissionDialogContent, openOptions?: OpenPermissionDialogOptions) => {
    setShown({ content, closePage: openOptions?.closePage ?? false });
  }, []);

  const openRefusal = useCallback(
    (refusal: GateRefusal, openOptions?: OpenPermissionDialogOptions) => {
      const content = permissionDialogFromRefusal(refusal);
      if (content) open(content, openOptions);
      return content !== undefined;
    },
    [open],
  );

  useEffect(() => {
    if (options.isUsePc === -1) open({ type: 'pcUse' });
  }, [options.isUsePc, open]);

  const close = () => {
    if (!shown) return;
    setShown(undefined);
    void runPermissionDialogClose(
      { type: shown.content.type, closePage: shown.closePage },
      optionsRef.current.closing,
    );
  };

  const element = (
    <PermissionDialog
      dialog={shown?.content}
      supportPhone={options.supportPhone}
      payContent={options.payContent}
      officialAccountQr={options.officialAccountQr}
      onClose={close}
      onLogout={options.onLogout}
      onUpgrade={(memberCode, upgrade) => {
        setShown(undefined);
        options.onUpgrade(memberCode, upgrade);
      }}
    />
  );
  const dismiss = useCallback(() => setShown(undefined), []);

  return { open, openRefusal, dismiss, current: shown?.content, element };
}
