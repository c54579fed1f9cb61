/**
 * The MQTT side of start-up: the embedded broker unless MQTT_URL names an external one, and the
 * robots' accounts on it. Issue 18: nobody connects without an account; the server has its own,
 * each robot its own.
 */
import crypto from 'node:crypto';
import type { ServerConfig } from '../config';
import { startBroker } from './broker';
import { MosquittoAccounts } from './mosquitto-accounts';
import type { RobotCredentials } from './robot-credentials';

/** The broker's address and the server's account on it; `closers` gets what must be closed. */
export async function connectBroker(
  config: ServerConfig,
  robotCredentials: RobotCredentials,
  closers: (() => Promise<void>)[],
): Promise<{ mqttUrl: string; mqttAccount: { username: string; password: string } }> {
  const mqttAccount = { username: config.mqttUsername, password: config.mqttPassword ?? crypto.randomBytes(24).toString('base64url') };
  if (!config.mqttUrl) {
    const broker = await startBroker(config.host, config.mqttPort, { serverUser: mqttAccount.username, serverPassword: mqttAccount.password, verifyRobot: (u, p) => robotCredentials.verify(u, p) });
    closers.push(broker.close);
    robotCredentials.onIssued(async (robotId) => broker.disconnectRobot(robotId));
    return { mqttUrl: broker.url, mqttAccount };
  }
  if (!config.mqttPassword) throw new Error('MQTT_URL needs the server\'s account on that broker: MQTT_USERNAME (default fleet-console) and MQTT_PASSWORD.');
  if (config.mqttAccounts === 'mosquitto') {
    // Robots' accounts live in Mosquitto's dynamic-security plugin: each issued secret goes there at once.
    const accounts = await MosquittoAccounts.connect(config.mqttUrl, mqttAccount);
    closers.push(() => accounts.close());
    robotCredentials.onIssued((robotId, password) => (password === null ? accounts.removeRobot(robotId) : accounts.setRobot(robotId, password)));
  }
  return { mqttUrl: config.mqttUrl, mqttAccount };
}
