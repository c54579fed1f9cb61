import net from 'node:net';
import { Aedes } from 'aedes';

/** The in-process MQTT broker of the embedded default (127.0.0.1 only). */
export async function startBroker(host: string, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  // mqemitter recurses once per queued message when deliveries finish synchronously: with a
  // bounded number in flight, 1,000 robots at 2 Hz on a busy server overflowed the stack and
  // killed the process (bench/realtime-fanout.ts). 0 = no queue, so no recursion.
  const broker = await Aedes.createBroker({ concurrency: 0 });
  const server = net.createServer(broker.handle as (socket: net.Socket) => void);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as net.AddressInfo).port;
  return {
    url: `mqtt://${host}:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => server.close(() => resolve()));
      }),
  };
}
