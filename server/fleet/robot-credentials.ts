import crypto from 'node:crypto';
import type { Queryable } from '../store/db';

/** A robot's MQTT account: its user name is its robot id. */
export interface MqttCredentials {
  username: string;
  password: string;
}


const hash = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');

/** Compares two secrets (or digests) in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Robots' MQTT credentials (issue 18): issued when a robot is added or reset by an administrator,
 * shown once, kept as a SHA-256 of a 192-bit secret. `onIssued` listeners carry a new secret to an
 * external broker (Mosquitto's dynamic security); the embedded broker asks `verify`.
 */
export class RobotCredentials {
  private readonly issuedListeners = new Set<(robotId: string, password: string | null) => Promise<void>>();

  constructor(private readonly db: Queryable) {}

  /** Makes a new secret for a robot (the old one stops working) and returns it: the only time it is seen. */
  async issue(robotId: string, tx: Queryable = this.db): Promise<MqttCredentials> {
    const password = crypto.randomBytes(24).toString('base64url');
    await tx.query(
      'INSERT INTO robot_credentials (robot_id, secret_hash) VALUES ($1, $2) ON CONFLICT (robot_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, issued_at = now()',
      [robotId, hash(password)],
    );
    for (const l of this.issuedListeners) await l(robotId, password);
    return { username: robotId, password };
  }

  /** Removes a robot's account (the robot was deleted). */
  async remove(robotId: string): Promise<void> {
    await this.db.query('DELETE FROM robot_credentials WHERE robot_id = $1', [robotId]);
    for (const l of this.issuedListeners) await l(robotId, null);
  }

  /** Whether a robot's user name and password match its current secret. */
  async verify(username: string, password: string): Promise<boolean> {
    if (!username || !password || username.length > 64 || password.length > 200) return false;
    const rows = await this.db.query<{ secret_hash: string }>('SELECT secret_hash FROM robot_credentials WHERE robot_id = $1', [username]);
    return rows.length === 1 && sameSecret(rows[0]!.secret_hash, hash(password));
  }

  /** Whether a robot has credentials at all. */
  async has(robotId: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM robot_credentials WHERE robot_id = $1', [robotId])).length > 0;
  }

  /** Called with each new secret (null: the account is gone). */
  onIssued(listener: (robotId: string, password: string | null) => Promise<void>): void {
    this.issuedListeners.add(listener);
  }
}
