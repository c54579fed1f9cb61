import { hash, verify } from '@node-rs/argon2';

/** Hashes a password with argon2id (the library's default algorithm; the login test checks the $argon2id$ prefix). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

/** Checks a password against its argon2 hash (false on any malformed hash). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The demo password; production refuses to start while any account still uses it. */
export const DEMO_PASSWORD = 'demo1234';
