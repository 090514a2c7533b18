import { ConfirmDialog } from '@tender/ui-kit';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { messages } from '../messages';

export interface LoggedInElsewhereDialogState {
  /**
   * The api-client's `confirmLoggedInElsewhere` handler: shows '您的账号已在其他设备登录，请重新登录' and resolves
   * when the user acknowledges it (the client then logs out and reloads). Calls while it shows share the one dialog.
   */
  confirmLoggedInElsewhere(message?: string): Promise<void>;
  /** Render once in the layout. */
  element: ReactNode;
}

/** spec §8 code 4011: the one-time warning dialog, acknowledge only. */
export function useLoggedInElsewhereDialog(): LoggedInElsewhereDialogState {
  const [message, setMessage] = useState<string>();
  const pending = useRef<{ promise: Promise<void>; resolve(): void }>(undefined);

  const confirmLoggedInElsewhere = useCallback((text?: string) => {
    if (pending.current) return pending.current.promise;
    let resolve = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    pending.current = { promise, resolve };
    setMessage(text || messages.loggedInElsewhere);
    return promise;
  }, []);

  const acknowledge = () => {
    pending.current?.resolve();
    pending.current = undefined;
    setMessage(undefined);
  };

  const element = (
    <ConfirmDialog
      opened={message !== undefined}
      message={message ?? ''}
      withCancel={false}
      onConfirm={acknowledge}
      onCancel={acknowledge}
    />
  );
  return { confirmLoggedInElsewhere, element };
}
