import { useEffect, useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import { useUserStore } from '../../stores/user-store';
import type { SubscriptionFeed } from './subscription-kinds';

/** The server's websocket (packages/server/src/push/websocket.ts). */
const WEBSOCKET_PATH = '/webchat/websocket';
/** A dropped connection is opened again after this long (the server restarts, the network comes back). */
const RECONNECT_DELAY_MS = 5000;
/**
 * Close codes after which opening again is wrong (PUSH_CLOSE_CODES, packages/server/src/push/websocket.ts): the
 * session ended — signed out or expired (4401), signed in elsewhere (4011), frozen (4423) — so a new socket is
 * refused, or the member has too many tabs open (4429), where a new one would close another tab's.
 */
const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([4401, 4011, 4423, 4429]);
/** Arrivals kept while the screen stays open; older ones have long been shown by a reload. */
const MAX_KEPT = 1000;

/** A match pushed live: its feed line and what matched it. */
export interface FeedArrival {
  feedId: number;
  groupIds: number[];
  monitorKinds: string[];
}

/** One match the server pushes: `{type: 'feed', data: {feedId, itemId, feed, groupIds, monitorKinds, …}}`. */
interface FeedMessage {
  type: 'feed';
  data: FeedArrival & { feed: SubscriptionFeed };
}

function isFeedMessage(value: unknown): value is FeedMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; data?: { feed?: unknown } };
  return (
    message.type === 'feed' &&
    typeof message.data?.feed === 'string' &&
    typeof (message.data as { feedId?: unknown }).feedId === 'number'
  );
}

/** `ws(s)://<the page's host>/webchat/websocket?brand=<id>&token=<token>`. */
export function feedWebsocketUrl(origin: string, brandId: string, token: string): string {
  const url = new URL(WEBSOCKET_PATH, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('brand', brandId);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * The matches of one feed the server pushes while the screen is open (spec §7 websocket; ADR 0009), so the feed can
 * say "N 条新信息" for those it does not show yet.
 */
export function useFeedArrivals(feed: SubscriptionFeed): readonly FeedArrival[] {
  const { brand } = useAppServices();
  const token = useUserStore((state) => state.token);
  const [arrivals, setArrivals] = useState<readonly FeedArrival[]>([]);

  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const open = () => {
      socket = new WebSocket(feedWebsocketUrl(location.origin, brand.id, token));
      socket.onmessage = (event) => {
        let message: unknown;
        try {
          message = JSON.parse(String(event.data));
        } catch {
          return;
        }
        if (isFeedMessage(message) && message.data.feed === feed) {
          const { feedId, groupIds, monitorKinds } = message.data;
          setArrivals((previous) => [...previous.slice(-MAX_KEPT + 1), { feedId, groupIds, monitorKinds }]);
        }
      };
      socket.onclose = (event) => {
        if (!closed && !FINAL_CLOSE_CODES.has(event.code)) retry = setTimeout(open, RECONNECT_DELAY_MS);
      };
    };
    open();
    return () => {
      closed = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [brand.id, token, feed]);

  return arrivals;
}
