import {
  addCollectionEndpoint,
  browseHistoryListEndpoint,
  collectionListEndpoint,
  collectMapEndpoint,
  delBrowseHistoryEndpoint,
  delCollectionEndpoint,
  saveBrowseCollectionEndpoint,
} from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { type EndpointRouteDependencies, endpointRoute } from '../http/endpoint-route';
import { historyService } from './service';

export interface HistoryRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  clock: Clock;
}

/** 我的浏览历史 and 我的关注 (spec §2, §3 collectMap, §7 saveBrowseCollection and user-browse-collection). */
export function historyRoutes(app: FastifyInstance, dependencies: HistoryRouteDependencies) {
  const { db, clock } = dependencies;
  const history = historyService(db);

  endpointRoute(app, dependencies, addCollectionEndpoint, async ({ input, signedIn }) =>
    history.follow(signedIn.userId, await history.itemOf(input.id, input.type), clock()),
  );

  endpointRoute(app, dependencies, delCollectionEndpoint, async ({ input, signedIn }) =>
    history.unfollow(signedIn.userId, await history.itemOf(input.id, input.type)),
  );

  endpointRoute(app, dependencies, saveBrowseCollectionEndpoint, async ({ input, signedIn }) => {
    const item = await history.itemOf(input.id, input.type);
    const now = clock();
    switch (input.action) {
      case 'collect':
        return history.follow(signedIn.userId, item, now);
      case 'uncollect':
        return history.unfollow(signedIn.userId, item);
      case 'browse': {
        await history.recordBrowse(signedIn.userId, item, now);
        return { ...item, isCollect: await history.isFollowing(signedIn.userId, item.id) };
      }
    }
  });

  endpointRoute(app, dependencies, collectMapEndpoint, async ({ input, signedIn }) =>
    history.collectMap(signedIn.userId, input.ids),
  );

  endpointRoute(app, dependencies, browseHistoryListEndpoint, async ({ input, signedIn }) =>
    history.browseList(signedIn.userId, input),
  );

  endpointRoute(app, dependencies, delBrowseHistoryEndpoint, async ({ input, signedIn }) => ({
    removed: await history.removeBrowse(signedIn.userId, input.id),
  }));

  endpointRoute(app, dependencies, collectionListEndpoint, async ({ input, signedIn }) =>
    history.collectionList(signedIn.userId, input),
  );
}
