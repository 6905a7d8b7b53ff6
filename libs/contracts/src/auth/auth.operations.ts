import { z } from 'zod';
import { defineOperation } from '../operations/define-operation';
import { emptySchema } from '../validation/common.schemas';
import { nicknameResetSchema } from '../moderation/bans.answers';
import { userSanctionRequestSchema } from '../moderation/bans.schemas';
import {
  adminUserPageSchema,
  authProvidersSchema,
  authSessionSchema,
  captchaSchema,
  publicUserSchema,
  selfUserSchema,
  callerRolesSchema,
  telegramChannelInfoSchema,
  telegramSessionCheckSchema,
  telegramSessionSchema,
  userNameSchema,
  usernameAvailabilitySchema,
  vkSessionSchema,
  vkSignInStartSchema,
} from './auth.answers';
import {
  loginRequestSchema,
  profileUpdateSchema,
  registerRequestSchema,
  setAdminRequestSchema,
  setUploaderRequestSchema,
  userIdRequestSchema,
  userIdsRequestSchema,
  usernameQuerySchema,
  usersPageQuerySchema,
} from './auth.schemas';
import { telegramCheckSessionSchema, telegramNoticesSchema, telegramWebhookRequestSchema, vkCallbackRequestSchema } from './social.schemas';

/** Accounts (docs/auth.md): auth owns them; profiles are public, the list and roles are for admins. */
export const ACCOUNTS_OPERATIONS = {
  checkUsername: defineOperation({
    pattern: 'auth.username.check',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/users/check-username' },
    summary: 'Whether a nickname is free and allowed',
    request: usernameQuerySchema,
    answer: usernameAvailabilitySchema,
  }),
  profile: defineOperation({
    pattern: 'auth.user.profile',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/users/profile/:username' },
    summary: "A user's public profile",
    request: usernameQuerySchema,
    answer: publicUserSchema,
  }),
  byId: defineOperation({
    pattern: 'auth.user.by-id',
    kind: 'read',
    access: 'public',
    summary: 'Services: a public profile by account id (what a report on a user snapshots)',
    request: userIdRequestSchema,
    answer: publicUserSchema,
  }),
  namesByIds: defineOperation({
    pattern: 'auth.users.by-ids',
    kind: 'read',
    access: 'public',
    summary: 'Services: the current nicknames of up to 100 accounts in one query; an id without an account is left out',
    request: userIdsRequestSchema,
    answer: z.array(userNameSchema),
  }),
  list: defineOperation({
    pattern: 'auth.users.list',
    kind: 'read',
    access: 'admin',
    http: { method: 'GET', path: '/users', page: true },
    summary: 'Admin: all users, newest first; ?q= a nickname or email prefix; each with the ban and chat mute in force',
    notes:
      '`limit` 1–100 (default 20); `q` a nickname or email prefix, in any case (≤ 100 characters). Each row is a `SelfUser` (`id, username, email, group, isAdmin, role, rank, createdAt`, …) with `ban` and `chatMute`: the restriction in force, `{ kind, reason, until }`, or null.',
    request: usersPageQuerySchema,
    answer: adminUserPageSchema,
  }),
  setAdmin: defineOperation({
    pattern: 'auth.user.set-admin',
    kind: 'write',
    access: 'admin',
    http: { method: 'PUT', path: '/user/:id/admin' },
    summary: "Admin: grant or revoke a user's admin role (not one's own)",
    notes:
      "403 «Нельзя снять права администратора с самого себя» for one's own `false`; 404 for an unknown id. Audited (`auth.user.role.changed`, with the role before and after).",
    request: setAdminRequestSchema,
    answer: selfUserSchema,
  }),
  setUploader: defineOperation({
    pattern: 'auth.user.set-uploader',
    kind: 'write',
    access: 'admin',
    http: { method: 'PUT', path: '/user/:id/uploader' },
    summary: "Admin: grant or revoke a user's uploader role (uploads and publishes episodes)",
    notes: '404 for an unknown id. Audited (`auth.user.role.changed`, with the role before and after). An admin is an uploader whatever the flag says.',
    request: setUploaderRequestSchema,
    answer: selfUserSchema,
  }),
  access: defineOperation({
    pattern: 'auth.access.check',
    kind: 'read',
    access: 'public',
    summary: 'Services: whether the caller is an admin, and an uploader, now (the gateway, RoleLookupFromAuth); 401 for a guest',
    request: emptySchema,
    answer: callerRolesSchema,
  }),
};

/**
 * Sign-up, sign-in and the session (docs/auth.md). The gateway's own routes send `register` (then wait
 * briefly for the registration card), `login` and the VK ID steps (a banned account is told at once;
 * the VK binding cookie), and `updateProfile` (a replaced image's file is deleted).
 */
export const SESSION_OPERATIONS = {
  captcha: defineOperation({
    pattern: 'auth.captcha.create',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/auth/captcha' },
    summary: 'A one-time arithmetic captcha for registration',
    notes: '`question` is a sum such as «7 + 3»; send `captchaId` and the answer with the registration.',
    request: emptySchema,
    answer: captchaSchema,
  }),
  register: defineOperation({
    pattern: 'auth.user.register',
    kind: 'write',
    access: 'public',
    summary: 'Create an account (POST /api/auth/register); answers a session token and the user',
    request: registerRequestSchema,
    answer: authSessionSchema,
  }),
  login: defineOperation({
    pattern: 'auth.user.login',
    kind: 'write',
    access: 'public',
    summary: 'Sign in with email and password (POST /api/auth/login)',
    request: loginRequestSchema,
    answer: authSessionSchema,
  }),
  verify: defineOperation({
    pattern: 'auth.session.verify',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/auth/verify' },
    summary: 'Check the session token and return the current user',
    request: emptySchema,
    answer: z.object({ user: selfUserSchema }),
  }),
  updateProfile: defineOperation({
    pattern: 'auth.profile.update',
    kind: 'write',
    access: 'user',
    summary: "Update one's own profile (PUT /api/auth/profile): display name, images, skip settings",
    request: profileUpdateSchema,
    answer: selfUserSchema,
  }),
  providers: defineOperation({
    pattern: 'auth.providers.get',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/auth/providers' },
    summary: 'Which sign-in providers are configured (the VK button is hidden without VK ID)',
    request: emptySchema,
    answer: authProvidersSchema,
  }),
  vkStart: defineOperation({
    pattern: 'auth.vk.start',
    kind: 'write',
    access: 'public',
    summary: 'Start VK ID sign-in (GET /api/auth/vk redirects): the authorize URL with state and a PKCE challenge',
    request: emptySchema,
    answer: vkSignInStartSchema,
  }),
  vkComplete: defineOperation({
    pattern: 'auth.vk.complete',
    kind: 'write',
    access: 'public',
    summary: 'Finish VK ID sign-in (POST /api/auth/vk/callback): signs in, creates the account, or (signed in) links VK to it',
    request: vkCallbackRequestSchema,
    answer: vkSessionSchema,
  }),
  resetUsername: defineOperation({
    pattern: 'auth.user.reset-username',
    kind: 'write',
    access: 'admin',
    summary: 'The moderation, for an admin: rename a user to a free generated nickname `user<6 digits>`',
    request: userSanctionRequestSchema,
    answer: nicknameResetSchema,
  }),
};

/** The Telegram channel check and notices (docs/auth.md, «Telegram»); off (required: false) when the bot is not configured. */
export const TELEGRAM_OPERATIONS = {
  channelInfo: defineOperation({
    pattern: 'auth.telegram.channel-info',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/telegram/channel-info' },
    summary: 'Whether registration requires a Telegram channel subscription',
    request: emptySchema,
    answer: telegramChannelInfoSchema,
  }),
  createSession: defineOperation({
    pattern: 'auth.telegram.session.create',
    kind: 'write',
    access: 'public',
    http: { method: 'POST', path: '/telegram/create-session', status: 200 },
    summary: 'Start a subscription check: the client opens the bot link with ?start=check_<sessionToken>',
    request: emptySchema,
    answer: telegramSessionSchema,
  }),
  checkSession: defineOperation({
    pattern: 'auth.telegram.session.check',
    kind: 'read',
    access: 'public',
    http: { method: 'POST', path: '/telegram/check-session', status: 200 },
    summary: 'Whether the bot has verified the session (polled every 2 s)',
    request: telegramCheckSessionSchema,
    answer: telegramSessionCheckSchema,
  }),
  notices: defineOperation({
    pattern: 'auth.telegram.notices.set',
    kind: 'write',
    access: 'user',
    http: { method: 'PUT', path: '/telegram/notices' },
    summary: 'Opt in or out of notices in Telegram (for accounts with a verified Telegram)',
    request: telegramNoticesSchema,
    answer: selfUserSchema,
  }),
  webhook: defineOperation({
    pattern: 'auth.telegram.webhook',
    kind: 'write',
    access: 'public',
    summary: 'Bot updates pushed by Telegram (POST /api/telegram/webhook); auth checks the secret header',
    request: telegramWebhookRequestSchema,
    answer: z.object({ accepted: z.boolean() }),
  }),
};
