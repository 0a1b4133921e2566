import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy the test controls, to take a dependency away and bring it back while the service runs: `cut()`
 * drops every connection and refuses new ones (as a crashed server would), `restore()` lets them through again.
 */
export async function tcpProxy(targetHost: string, targetPort: number) {
  let open = true;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = connect(targetPort, targetHost);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    open = false;
    for (const s of sockets) s.destroy();
  };
  return {
    port: (server.address() as AddressInfo).port,
    cut,
    restore: () => {
      open = true;
    },
    close: () => new Promise<void>((resolve) => (cut(), server.close(() => resolve()))),
  };
}
