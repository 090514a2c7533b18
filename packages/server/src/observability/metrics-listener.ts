import { createServer, type Server } from 'node:http';
import client from 'prom-client';
import { metricsRegistry } from './metrics';

/** The text of a scrape and its content type. */
export type MetricsSource = () => Promise<{ text: string; contentType: string }>;

/** This process's own metrics. */
export const processMetrics: MetricsSource = async () => ({
  text: await metricsRegistry.metrics(),
  contentType: metricsRegistry.contentType,
});

/**
 * The primary of `API_PROCESSES`: every worker's metrics, counters and histograms summed (prom-client asks each
 * worker over the cluster's IPC channel). Gauges read from the database (order states) are the same in each
 * worker and are summed too, so read them per worker or from one of them.
 */
export function clusterMetrics(): MetricsSource {
  const aggregator = new client.AggregatorRegistry();
  return async () => ({ text: await aggregator.clusterMetrics(), contentType: aggregator.contentType });
}

/** `METRICS_PORT`: `GET /metrics` without a token on a port of its own, for a scraper on the private network. */
export function listenForMetrics(host: string, port: number, source: MetricsSource): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    source().then(
      ({ text, contentType }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}\n`);
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
