import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { MQTT_TOPICS, mqttTopicOf } from '../../common/events/mqtt';

const CONTROL = '$CONTROL/dynamic-security/v1';
const RESPONSE = `${CONTROL}/response`;
/** The role the broker's setup gives the server's account besides the plugin's admin role: publishing on every fleet topic. */
export const SERVER_ACLS = [{ acltype: 'publishClientSend', topic: 'fleet/#', allow: true }] as const;

/** The role of one robot's account (Mosquitto 2.0's plugin has no %u in its rules: one role per robot). */
export const robotRole = (robotId: string) => `fleet-robot-${robotId}`;

type Command = Record<string, unknown> & { command: string };
type Answer = { command: string; error?: string; correlationData?: string };

/** The ACLs of a robot's role, from the topic catalogue: its own robot-to-server topics out, its own commands in. */
export function robotRoleAcls(robotId: string): { acltype: string; topic: string; allow: boolean; priority: number }[] {
  const own = (pattern: string) => mqttTopicOf(pattern, robotId);
  return Object.values(MQTT_TOPICS).flatMap((t) =>
    t.direction === 'robotToServer'
      ? [{ acltype: 'publishClientSend', topic: own(t.pattern), allow: true, priority: 0 }]
      : [
          { acltype: 'subscribeLiteral', topic: own(t.pattern), allow: true, priority: 0 },
          { acltype: 'publishClientReceive', topic: own(t.pattern), allow: true, priority: 0 },
        ],
  );
}

/**
 * Robots' accounts on Mosquitto (issue 18), through its dynamic-security plugin, which Debian's
 * package ships: the server's account is the plugin's administrator; at start it makes sure the
 * server role exists, and each issued secret becomes (or changes) the robot's client with a role of
 * its own (rules from common/events/mqtt.ts). Anonymous clients are refused by the broker's
 * `allow_anonymous false`; everything not granted is denied by the plugin's default access.
 */
export class MosquittoAccounts {
  private readonly waiting = new Map<string, (answers: Answer[]) => void>();

  private constructor(private readonly client: MqttClient) {
    client.on('message', (topic, payload) => {
      if (topic !== RESPONSE) return;
      let body: { responses?: Answer[] };
      try {
        body = JSON.parse(payload.toString()) as { responses?: Answer[] };
      } catch {
        return;
      }
      const id = body.responses?.[0]?.correlationData;
      if (id) this.waiting.get(id)?.(body.responses!);
    });
  }

  static async connect(url: string, account: { username: string; password: string }): Promise<MosquittoAccounts> {
    const client = await mqtt.connectAsync(url, { clientId: `fleet-console-accounts-${process.pid}-${crypto.randomBytes(3).toString('hex')}`, username: account.username, password: account.password, reconnectPeriod: 2_000 });
    await client.subscribeAsync(RESPONSE, { qos: 1 });
    const accounts = new MosquittoAccounts(client);
    await accounts.check();
    return accounts;
  }

  /** Runs commands; answers each one's error (or undefined), in order. */
  private async run(commands: Command[]): Promise<(string | undefined)[]> {
    const id = crypto.randomBytes(8).toString('hex');
    const answers = await new Promise<Answer[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error('Mosquitto did not answer the dynamic-security command (is the plugin loaded, and the server its administrator?)'));
      }, 10_000);
      this.waiting.set(id, (a) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(a);
      });
      this.client.publish(CONTROL, JSON.stringify({ commands: commands.map((c) => ({ ...c, correlationData: id })) }), { qos: 1 });
    });
    return commands.map((_c, i) => answers[i]?.error);
  }

  /**
   * Checks that the plugin answers the server's account. The server's own rights (the plugin's
   * admin role, plus publishing on fleet/#) and the default access (deny) are the broker's setup
   * (`npm run cluster` writes them; README): changing a client's roles here would drop every
   * replica's connection of that account.
   */
  private async check(): Promise<void> {
    const [error] = await this.run([{ command: 'listRoles', count: 1 }]);
    if (error) throw new Error(`Mosquitto's dynamic-security plugin refused the server's account: ${error}`);
  }

  /** Makes the robot's client with this secret, or changes its secret; its connection is dropped. */
  async setRobot(robotId: string, password: string): Promise<void> {
    const [roleExists, created] = await this.run([
      { command: 'createRole', rolename: robotRole(robotId), textname: `Fleet Console robot ${robotId}: its own topics only`, acls: robotRoleAcls(robotId) },
      { command: 'createClient', username: robotId, password, roles: [{ rolename: robotRole(robotId) }] },
    ]);
    // A role made by an older version lacks the topics added since (e.g. sosCall): add every ACL of
    // today's catalogue; the plugin refuses those the role already has, which is fine.
    if (roleExists) await this.run(robotRoleAcls(robotId).map((acl) => ({ command: 'addRoleACL', rolename: robotRole(robotId), ...acl })));
    if (!created) return;
    const errors = await this.run([
      { command: 'setClientPassword', username: robotId, password },
      // A robot still connected with the old secret is dropped (it must come back with the new one).
      { command: 'disableClient', username: robotId },
      { command: 'enableClient', username: robotId },
    ]);
    const failed = errors.find((e) => e);
    if (failed) throw new Error(`Mosquitto refused the robot account ${robotId}: ${failed}`);
  }

  async removeRobot(robotId: string): Promise<void> {
    await this.run([
      { command: 'deleteClient', username: robotId },
      { command: 'deleteRole', rolename: robotRole(robotId) },
    ]);
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}
