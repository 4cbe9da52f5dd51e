import type { AddressInfo } from 'node:net';
import { createNodeServer } from '../../../src/server/http/node-server.ts';
import { createTestApp } from './test-app.ts';

/**
 * A test app served over real HTTP on a loopback port, as clients that speak HTTP themselves
 * (the MCP SDK's client, its OAuth helpers) need it: `url` is where to reach it, `close` stops
 * both. Its listener gives hot reads as the server does (`overrides` and `options`: the test app's).
 */
export async function loopbackApp(overrides: Record<string, string> = {}, options: Parameters<typeof createTestApp>[1] = {}) {
  const t = await createTestApp(overrides, options);
  const server = createNodeServer(t.app.fetch, { https: false, hotReads: t.deps.hotReads });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    t,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}
