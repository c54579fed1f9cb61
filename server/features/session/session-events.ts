import { PROTOCOL_VERSION, StatusCode } from '../../../common/protocol';
import { FORMATS } from '../../../common/formats';
import { sessionEvents } from '../../../common/events/session';
import type { SessionUser } from '../../../common/events/session';
import { verifyPassword, hashPassword } from '../../auth/passwords';
import { AppError, fail } from '../../errors';
import type { Services } from '../../services';
import { bumpTable, listEntity } from '../../entities/crud';
import { roleKindOf } from '../../entities/core-hooks';
import type { EventRegistry } from '../../events/registry';
import { isStaticOnlyCompany } from '../../fleet/static-only';

/** A role's menu: its explicit menuItemList, else the `menu:<route>` nodes of its permission tree. */
function menuItems(explicit: string[] | null, permissions: string[] | null): string[] {
  if (explicit && explicit.length) return explicit;
  return (permissions ?? []).filter((p) => p.startsWith('menu:')).map((p) => p.slice(5));
}

/** The session info answer of login and getUser (spec §3). */
export async function sessionInfo(svc: Services, userId: number): Promise<SessionUser> {
  const rows = await svc.db.query<{
    id: number;
    username: string;
    name: string;
    roleId: number;
    kind: number;
    permissions: string[] | null;
    companyId: number;
    email: string | null;
    lastLoginAt: string | Date | null;
    companyName: string;
    companyLogo: string | null;
    companyDns: string | null;
    layer: number;
    robotTypes: number[] | null;
    menuItemList: string[] | null;
    homePage: string | null;
    lastWebRoute: string | null;
  }>(
    `SELECT u.id, u."username", u."name", u."roleId", r."kind", r."permissions", u."companyId", u."email", u."lastLoginAt", c."name" AS "companyName",
            c."logo" AS "companyLogo", c."domain" AS "companyDns", c."layer", c."robotTypes", r."menuItemList", r."homePage", u."lastWebRoute"
       FROM users u JOIN companies c ON c.id = u."companyId" JOIN roles r ON r.id = u."roleId" WHERE u.id = $1`,
    [userId],
  );
  const u = rows[0];
  if (!u) throw fail.tokenInvalid();
  return {
    userId: u.id,
    username: u.username,
    // The role tier of spec §6 (the console's guards use it); roleRef is the user's actual role.
    roleId: u.kind,
    roleRef: u.roleId,
    permissions: u.permissions ?? [],
    name: u.name,
    email: u.email ?? '',
    companyId: u.companyId,
    companyName: u.companyName,
    companyLogo: u.companyLogo ?? '',
    companyDns: u.companyDns ?? '',
    layer: u.layer,
    maxLayer: svc.config.companyMaxLayer,
    lastloginT: u.lastLoginAt ? new Date(u.lastLoginAt).getTime() : null,
    robotType: u.robotTypes ?? [],
    staticOnly: await isStaticOnlyCompany(svc.db, u.companyId),
    // Infrared kinds of the company tree's robots: temperature monitoring needs a body-temperature one (spec §2).
    infraredTypes: (
      await svc.db.query<{ t: number }>(
        `WITH RECURSIVE tree(id) AS (SELECT $1::bigint UNION ALL SELECT c.id FROM companies c JOIN tree ON c."parentId" = tree.id)
         SELECT DISTINCT "infraredType"::int AS t FROM robots WHERE "companyId" IN (SELECT id FROM tree) AND "infraredType" IS NOT NULL ORDER BY 1`,
        [u.companyId],
      )
    ).map((r) => Number(r.t)),
    menuItemList: menuItems(u.menuItemList, u.permissions),
    homePage: u.homePage ?? '/home/telecontrol',
    lastWebRoute: u.lastWebRoute,
  };
}

/** Login, logout, verification code, current user, own password, enabling users. */
export function registerSessionEvents(reg: EventRegistry, svc: Services): void {
  reg.handle(sessionEvents.reqVerificationCode, async (ctx) => {
    const wait = await svc.limiter.codeWait(ctx.ip);
    if (wait) throw new AppError(StatusCode.rateLimited, 'rateLimited', { seconds: wait });
    return svc.captcha.issue();
  });

  reg.handle(sessionEvents.login, async (ctx, p) => {
    const lang = ctx.lang;
    const need = (ok: boolean, key: 'usernameEmpty' | 'passwordEmpty' | 'codeEmpty') => {
      if (!ok) throw new AppError(StatusCode.badRequest, key);
    };
    need(!!p.username, 'usernameEmpty');
    need(!!p.password, 'passwordEmpty');
    if (svc.config.captcha) need(!!p.code && !!p.codeId, 'codeEmpty');
    if (!FORMATS.username!.validate(p.username!)) throw new AppError(StatusCode.badRequest, 'format.username');
    if (!FORMATS.password!.validate(p.password!)) throw new AppError(StatusCode.badRequest, 'format.password');
    const ipWait = await svc.limiter.ipWait(ctx.ip);
    if (ipWait) throw new AppError(StatusCode.rateLimited, 'rateLimited', { seconds: ipWait });
    const accountWait = await svc.limiter.accountWait(p.username!, ctx.ip);
    if (accountWait) throw new AppError(StatusCode.rateLimited, 'accountLocked', { seconds: accountWait });
    if (svc.config.captcha && !(await svc.captcha.consume(p.codeId!, p.code!))) throw new AppError(StatusCode.badRequest, 'codeWrong');
    const user = (
      await svc.db.query<{ id: number; passwordHash: string; enabled: number; companyEnabled: number }>(
        'SELECT u.id, u."passwordHash", u."enabled", c."enabled" AS "companyEnabled" FROM users u JOIN companies c ON c.id = u."companyId" WHERE lower(u."username") = lower($1)',
        [p.username],
      )
    )[0];
    // Verify against a dummy hash when the user is unknown so timing does not reveal accounts.
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), p.password!);
    if (!user || !ok) {
      await svc.limiter.recordFailure(p.username!, ctx.ip);
      throw new AppError(StatusCode.badRequest, 'loginFailed');
    }
    if (user.enabled !== 1) throw new AppError(StatusCode.badRequest, 'userDisabled');
    if (user.companyEnabled !== 1) throw new AppError(StatusCode.badRequest, 'companyDisabled');
    await svc.limiter.recordSuccess(p.username!, ctx.ip);
    const token = await svc.sessions.create(user.id, lang);
    const info = await sessionInfo(svc, user.id);
    await svc.db.query('UPDATE users SET "lastLoginAt" = now() WHERE id = $1', [user.id]);
    return { token, ...info, lang };
  });

  reg.handle(sessionEvents.logOut, async (ctx) => {
    await svc.sessions.revoke(ctx.session.tokenHash);
    return {};
  });

  reg.handle(sessionEvents['GET /robot/version'], async () => ({ version: svc.config.version, protocolVersion: PROTOCOL_VERSION }));

  reg.handle(sessionEvents.getUser, async (ctx) => sessionInfo(svc, ctx.session.userId));

  reg.handle(sessionEvents.modifyPassword, async (ctx, p) => {
    const { session } = ctx;
    const row = (await svc.db.query<{ passwordHash: string }>('SELECT "passwordHash" FROM users WHERE id = $1', [session.userId]))[0];
    if (!row || !(await verifyPassword(row.passwordHash, p.oldPassword))) throw new AppError(StatusCode.badRequest, 'wrongOldPassword');
    await svc.db.query('UPDATE users SET "passwordHash" = $1, "updatedAt" = now() WHERE id = $2', [await hashPassword(p.newPassword), session.userId]);
    await svc.sessions.revokeUser(session.userId, { except: session.tokenHash });
    return {};
  });

  reg.handle(sessionEvents.companyDisable, async (c, p) => {
    const companies = svc.schemas.entities.get('company')!;
    const target = (await listEntity(c, companies, { id: p.id, pageSize: 1 })).list[0];
    if (!target) throw fail.notFound();
    if (p.id === c.session.companyId) throw fail.noPermission();
    const answer = await svc.db.transaction(async (tx) => {
      if (p.enabled === 1 && target.parentId) {
        const parent = (await tx.query<{ enabled: number }>('SELECT "enabled" FROM companies WHERE id = $1', [target.parentId]))[0];
        if (parent && parent.enabled !== 1) throw new AppError(StatusCode.badRequest, 'parentDisabled');
      }
      // Spec §4: disabling a company disables its subsidiaries; restoring brings the subtree back.
      const rows = await tx.query<{ id: number }>(
        `WITH RECURSIVE tree(id) AS (SELECT $1::bigint UNION ALL SELECT c.id FROM companies c JOIN tree t ON c."parentId" = t.id)
         UPDATE companies SET "enabled" = $2, "updatedAt" = now() WHERE id IN (SELECT id FROM tree) RETURNING id`,
        [p.id, p.enabled],
      );
      bumpTable('companies');
      return { id: p.id, enabled: p.enabled, companyIds: rows.map((r) => r.id).sort((a, b) => a - b) };
    });
    // The users of a disabled subtree are logged out on every replica (their sockets close at once).
    if (p.enabled === 0) {
      const users = await svc.db.query<{ id: number }>('SELECT id FROM users WHERE "companyId" = ANY($1::bigint[])', [answer.companyIds]);
      for (const u of users) await svc.sessions.revokeUser(Number(u.id));
    }
    return answer;
  });

  reg.handle(sessionEvents.userDisable, async (ctx, p) => {
    const { session } = ctx;
    const users = svc.schemas.entities.get('user')!;
    const found = await listEntity(ctx, users, { id: p.id, pageSize: 1 });
    const target = found.list[0];
    if (!target) throw fail.notFound();
    if (p.id === session.userId || (await roleKindOf(svc.db, target.roleId)) < session.roleId) throw fail.noPermission();
    await svc.db.query('UPDATE users SET "enabled" = $1, "updatedAt" = now() WHERE id = $2', [p.enabled, p.id]);
    bumpTable('users');
    if (p.enabled === 0) await svc.sessions.revokeUser(p.id);
    return { id: p.id, enabled: p.enabled };
  });

  // Issue 20: the page a user stays on, kept with the user (migration 041); /home leads there.
  reg.handle(sessionEvents.insertLastWebRoute, async (ctx, p) => {
    await svc.db.query('UPDATE users SET "lastWebRoute" = $1 WHERE id = $2', [p.route, ctx.session.userId]);
    return { route: p.route };
  });
}

let dummy: Promise<string> | null = null;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-1');
  return dummy;
}
