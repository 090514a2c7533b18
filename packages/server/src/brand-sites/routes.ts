import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { BrandSite } from './discover';

/**
 * Serves each built brand app under `/<id>/` and redirects `/` to the default brand
 * (docs/architecture.md §7). Routing inside an app is hash-based, so only real files are served.
 */
export async function brandSiteRoutes(app: FastifyInstance, sites: BrandSite[], defaultBrand: string) {
  for (const [index, site] of sites.entries()) {
    await app.register(fastifyStatic, {
      root: site.root,
      prefix: `/${site.id}/`,
      // The reply decorators may be added once per instance.
      decorateReply: index === 0,
    });
    app.get(`/${site.id}`, (_request, reply) => reply.redirect(`/${site.id}/`));
  }
  const landing = sites.find((site) => site.id === defaultBrand) ?? sites[0];
  if (landing) app.get('/', (_request, reply) => reply.redirect(`/${landing.id}/`));
}
