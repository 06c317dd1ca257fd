import { createServer, type Socket, connect as tcpConnect } from 'node:net';

/**
 * How the part behind the proxy behaves: as itself (`pass`), as a server that accepts connections
 * and then never answers again (`hang`), or as one that is down and cuts every connection
 * (`refuse`).
 */
export type ProxyMode = 'pass' | 'hang' | 'refuse';

export interface TcpProxy {
  port: number;
  /** From now on; connections open at a change to `pass` or `refuse` are cut. */
  set(mode: ProxyMode): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of a real PostgreSQL or Redis, so a test can make the part a
 * server depends on hang or fail while the server runs, and come back.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    // Accepted, then silence: the bytes sent are never read.
    if (mode === 'hang') {
      client.pause();
      return;
    }
    const upstream = tcpConnect(target.port, target.host);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    port: address.port,
    set(next) {
      mode = next;
      for (const socket of open) {
        if (next === 'hang') {
          socket.unpipe();
          socket.pause();
        } else {
          socket.destroy();
        }
      }
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
