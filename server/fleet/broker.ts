import net from 'node:net';
import { Aedes, type Client } from 'aedes';
import { robotMayPublish, robotMaySubscribe } from '../../common/events/mqtt';
import { sameSecret } from './robot-credentials';

/** Who may connect to the embedded broker (issue 18): the server's account, or a robot's own. */
export interface BrokerAuth {
  /** The server's account (it may do everything). */
  serverUser: string;
  serverPassword: string;
  /** Whether a robot's user name (its id) and password are right. */
  verifyRobot: (username: string, password: string) => Promise<boolean>;
}

/** The identity a connected client proved. */
const identities = new WeakMap<Client, { kind: 'server' } | { kind: 'robot'; robotId: string }>();

/**
 * The in-process MQTT broker of the embedded default (127.0.0.1 only). Anonymous clients are
 * refused; a robot may publish only its own robot-to-server topics and subscribe only to its own
 * commands (common/events/mqtt.ts); the server's account may do everything.
 */
export async function startBroker(host: string, port: number, auth: BrokerAuth): Promise<{ url: string; disconnectRobot: (robotId: string) => void; close: () => Promise<void> }> {
  /** Robots' connections, to drop those of a robot whose secret changed. */
  const robotClients = new Set<Client>();
  // mqemitter recurses once per queued message when deliveries finish synchronously: with a
  // bounded number in flight, 1,000 robots at 2 Hz on a busy server overflowed the stack and
  // killed the process (bench/realtime-fanout.ts). 0 = no queue, so no recursion.
  const broker = await Aedes.createBroker({
    concurrency: 0,
    authenticate: (client, username, password, done) => {
      const user = username ?? '';
      const secret = password ? password.toString('utf8') : '';
      const refuse = () => done(Object.assign(new Error('Bad user name or password'), { returnCode: 4 }), false);
      if (!user || !secret) return refuse();
      if (user === auth.serverUser) {
        if (!sameSecret(secret, auth.serverPassword)) return refuse();
        identities.set(client, { kind: 'server' });
        return done(null, true);
      }
      auth.verifyRobot(user, secret).then(
        (ok) => {
          if (!ok) return refuse();
          identities.set(client, { kind: 'robot', robotId: user });
          robotClients.add(client);
          done(null, true);
        },
        () => refuse(),
      );
    },
    authorizePublish: (client, packet, done) => {
      const who = client && identities.get(client);
      if (who?.kind === 'server') return done(null);
      if (who?.kind === 'robot' && robotMayPublish(who.robotId, packet.topic)) return done(null);
      done(new Error(`not allowed to publish on ${packet.topic}`));
    },
    authorizeSubscribe: (client, sub, done) => {
      const who = client && identities.get(client);
      if (who?.kind === 'server') return done(null, sub);
      if (who?.kind === 'robot' && robotMaySubscribe(who.robotId, sub.topic)) return done(null, sub);
      // MQTT 3.1.1: a refused subscription is granted with the failure code 128.
      done(null, null);
    },
  });
  broker.on('clientDisconnect', (client) => robotClients.delete(client));
  const server = net.createServer(broker.handle as (socket: net.Socket) => void);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as net.AddressInfo).port;
  return {
    url: `mqtt://${host}:${actual}`,
    // A robot whose secret was reset (or that was deleted) is dropped; it must come back with the new one.
    disconnectRobot: (robotId) => {
      for (const client of [...robotClients]) {
        const who = identities.get(client);
        if (who?.kind === 'robot' && who.robotId === robotId) client.close();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => server.close(() => resolve()));
      }),
  };
}
