import type { ApiClient, EndpointFunctions } from '@tender/api-client';
import { testBrand } from '@tender/test-utils';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppServicesContext } from '../../shell/app-context';
import type { AppServices } from '../../shell/app-services';
import { useUserStore } from '../../stores/user-store';
import { useFeedArrivals } from './use-feed-arrivals';

/** The browser's WebSocket as far as the hook uses it: the test closes a socket with the server's code. */
class ScriptedSocket {
  static opened: ScriptedSocket[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    ScriptedSocket.opened.push(this);
  }
  close() {}
  closedByServer(code: number) {
    this.onclose?.({ code });
  }
}

const services = {
  brand: testBrand,
  client: {} as ApiClient,
  api: {} as EndpointFunctions,
  bridge: { navigate: vi.fn(), confirmLoggedInElsewhere: vi.fn(), pcLoginRefused: vi.fn() },
  logout: vi.fn(),
} as AppServices;

const wrapper = ({ children }: { children: ReactNode }) => (
  <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>
);

describe('useFeedArrivals: reconnecting', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    ScriptedSocket.opened = [];
    vi.stubGlobal('WebSocket', ScriptedSocket);
    useUserStore.setState({ token: 'a-token' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('opens the socket again after a dropped connection', () => {
    renderHook(() => useFeedArrivals('bidding'), { wrapper });
    expect(ScriptedSocket.opened).toHaveLength(1);
    act(() => ScriptedSocket.opened[0]?.closedByServer(1006));
    act(() => vi.advanceTimersByTime(5000));
    expect(ScriptedSocket.opened).toHaveLength(2);
    // A server restart (1001, 1012) too.
    act(() => ScriptedSocket.opened[1]?.closedByServer(1012));
    act(() => vi.advanceTimersByTime(5000));
    expect(ScriptedSocket.opened).toHaveLength(3);
  });

  it.each([
    [4401, 'signed out, revoked or expired'],
    [4011, 'signed in elsewhere'],
    [4423, 'account frozen'],
    [4429, 'too many tabs: another would be closed'],
  ])('does not open it again after close code %i (%s)', (code) => {
    renderHook(() => useFeedArrivals('bidding'), { wrapper });
    act(() => ScriptedSocket.opened[0]?.closedByServer(code));
    act(() => vi.advanceTimersByTime(60_000));
    expect(ScriptedSocket.opened).toHaveLength(1);
  });
});
