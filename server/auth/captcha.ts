import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { Security } from '../../common/constants';
import type { Db } from '../store/db';

/** Image verification codes: single use, expire after 5 minutes, kept in the database so replicas share them. */
export class CaptchaStore {
  constructor(private readonly db: Db) {}

  async issue(): Promise<{ codeId: string; image: string }> {
    const { data, text } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f0f5ff' });
    const codeId = crypto.randomBytes(16).toString('hex');
    await this.db.query('DELETE FROM captchas WHERE expires_at < now()');
    await this.db.query('INSERT INTO captchas (id, answer, expires_at) VALUES ($1, $2, $3)', [
      codeId,
      text.toLowerCase(),
      new Date(Date.now() + Security.verificationCodeTtlMs),
    ]);
    return { codeId, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
  }

  /** Checks and consumes a code: right or wrong, it cannot be used again. */
  async consume(codeId: string, code: string): Promise<boolean> {
    const rows = await this.db.query<{ answer: string; expires_at: Date }>('DELETE FROM captchas WHERE id = $1 RETURNING answer, expires_at', [codeId]);
    const row = rows[0];
    return !!row && new Date(row.expires_at).getTime() > Date.now() && row.answer === code.trim().toLowerCase();
  }
}
