/**
 * Session events (spec §6/§7): the verification code, login and logout, the current user and
 * their own password, the server's version, and enabling or disabling a company or a user.
 */
import { Type, type Static } from '@sinclair/typebox';
import { anyone, can, defineEvents, loggedIn } from './define';
import { Empty, Json } from './schema';

/** An event that reads nothing of its param. */
const NoParam = Type.Object({});

/** The `reqVerificationCode` answer. */
export const VerificationCodeSchema = Type.Object({
  codeId: Type.String(),
  image: Type.String({ description: 'The code drawn as a PNG data URL (240×80, warped, with noise).' }),
});
export type VerificationCode = Static<typeof VerificationCodeSchema>;

/** The session info of the `getUser` answer (spec §3); `login` adds the token and the language. */
export const SessionInfoSchema = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  roleId: Type.Integer({ description: 'The role tier of spec §6 (1–5) that route guards use.' }),
  roleRef: Type.Integer({ description: 'The id of the user’s actual role.' }),
  permissions: Type.Array(Type.String()),
  name: Type.String(),
  email: Type.String(),
  companyId: Type.Integer(),
  companyName: Type.String(),
  companyLogo: Type.String(),
  companyDns: Type.String(),
  layer: Type.Integer(),
  maxLayer: Type.Integer(),
  lastloginT: Type.Union([Type.Number(), Type.Null()], { description: 'The previous login, in milliseconds since the epoch.' }),
  robotType: Type.Array(Type.Integer()),
  staticOnly: Type.Boolean({ description: 'The company tree’s robot types (declared and of its robots) are all static (4): navigation, energy, map management, chassis, charge monitoring and terminal are closed (spec §2).' }),
  infraredTypes: Type.Array(Type.Integer(), { description: 'Infrared kinds of the company tree’s robots (spec §3: 0 none, 1 high temperature, 2 body temperature).' }),
  menuItemList: Type.Array(Type.String()),
  homePage: Type.String(),
  lastWebRoute: Type.Union([Type.String(), Type.Null()], { description: 'The last console page the user opened (insertLastWebRoute), in any earlier session.' }),
});
export type SessionUser = Static<typeof SessionInfoSchema>;

const LangSchema = Type.Union([Type.Literal('zh'), Type.Literal('ja'), Type.Literal('en')]);

/** The `login` answer: the session info with its token and the account's language. */
export const LoginAnswerSchema = Type.Composite([SessionInfoSchema, Type.Object({ token: Type.String(), lang: LangSchema })]);
export type LoginAnswer = Static<typeof LoginAnswerSchema>;

const Disable = Type.Object(
  { id: Type.Integer({ minimum: 1 }), enabled: Json<0 | 1>({ enum: [0, 1] }) },
  { additionalProperties: false },
);

export const sessionEvents = defineEvents('session', {
  reqVerificationCode: { summary: 'A new verification code image for the login form.', access: anyone, mutating: false, param: NoParam, answer: VerificationCodeSchema },
  login: {
    summary: 'Logs in with username, password and (when required) the verification code; answers the session with its token.',
    access: anyone,
    mutating: false,
    param: Type.Object(
      {
        username: Type.Optional(Type.String({ maxLength: 64 })),
        password: Type.Optional(Type.String({ maxLength: 64 })),
        codeId: Type.Optional(Type.String({ maxLength: 64 })),
        code: Type.Optional(Type.String({ maxLength: 16 })),
      },
      { additionalProperties: false },
    ),
    answer: LoginAnswerSchema,
  },
  logOut: { summary: 'Ends the caller’s session.', access: loggedIn, mutating: true, param: NoParam, answer: Empty() },
  'GET /robot/version': {
    summary: 'The server’s version and protocol version.',
    access: loggedIn,
    mutating: false,
    param: NoParam,
    answer: Type.Object({ version: Type.String(), protocolVersion: Type.String() }),
  },
  getUser: { summary: 'The caller’s session info (without the token).', access: loggedIn, mutating: false, param: NoParam, answer: SessionInfoSchema },
  modifyPassword: {
    summary: 'Changes the caller’s own password; their other sessions end.',
    access: loggedIn,
    mutating: true,
    param: Type.Object({ oldPassword: Type.String({ maxLength: 64 }), newPassword: Type.String({ format: 'password' }) }, { additionalProperties: false }),
    answer: Empty(),
  },
  companyDisable: {
    summary: 'Disables or restores a company with its subsidiaries (spec §4).',
    access: can('company:update'),
    mutating: true,
    param: Disable,
    answer: Type.Object({ id: Type.Integer(), enabled: Type.Integer(), companyIds: Type.Array(Type.Integer()) }),
  },
  userDisable: {
    summary: 'Disables or restores a user; a disabled user’s sessions end.',
    access: can('user:update'),
    mutating: true,
    param: Disable,
    answer: Type.Object({ id: Type.Integer(), enabled: Type.Integer() }),
  },
  // Issue 20 (spec §7 Menu/status).
  insertLastWebRoute: { summary: 'Session: remembers the last console route of the caller.', access: can('robot:read'), mutating: false, param: Type.Object({ route: Type.String({ minLength: 1, maxLength: 200, pattern: '^/' }), userId: Type.Optional(Type.Integer()) }, { additionalProperties: false }), answer: Type.Object({ route: Type.String() }) },
});
