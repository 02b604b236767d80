import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './free-port';

/**
 * A TCP relay to PostgreSQL, for the tests of a database that goes away: `drop` ends every connection
 * through it with no word from PostgreSQL (a proxy or a network dropping the line), `cut` does that and
 * closes its port (the database out of reach) until `restore`.
 */
export async function relay(target: URL) {
  const port = await freePort();
  const open = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((inbound) => {
        const outbound = connect(Number(target.port || 5432), target.hostname);
        open.add(inbound).add(outbound);
        const end = () => {
          inbound.destroy();
          outbound.destroy();
          open.delete(inbound);
          open.delete(outbound);
        };
        for (const socket of [inbound, outbound]) socket.on('error', end).on('close', end);
        inbound.pipe(outbound).pipe(inbound);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  const drop = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };
  await listen();
  return {
    port,
    drop,
    cut: () =>
      new Promise<void>((resolve) => {
        drop();
        server!.close(() => resolve());
      }),
    restore: listen,
    close: () => new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve())),
  };
}
