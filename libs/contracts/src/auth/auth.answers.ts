import { z } from 'zod';
import { sanctionNoticeSchema } from '../moderation/bans.answers';
import { isoDateTime, numberedPageOf } from '../validation/answer.schemas';

// What the auth operations answer (auth.operations.ts); the types in user.dto.ts and social.dto.ts are these schemas' outputs.

export const USER_GROUPS = ['user', 'moderator', 'admin'] as const;
export const USER_ROLES = ['user', 'admin'] as const;

/** A user as any client may see it: never a password hash or another secret. */
export const publicUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  profileBanner: z.string().nullable(),
  isAnimatedAvatar: z.boolean(),
  isAnimatedBanner: z.boolean(),
  group: z.enum(USER_GROUPS),
  isAdmin: z.boolean(),
  role: z.enum(USER_ROLES),
  rank: z.string(),
  createdAt: isoDateTime,
});

/** The signed-in user's own view adds private settings. */
export const selfUserSchema = publicUserSchema.extend({
  email: z.string(),
  skipOpening: z.boolean(),
  skipEnding: z.boolean(),
  telegramUserId: z.string().nullable(),
  /** Opted in to notices in Telegram (only with a verified telegramUserId). */
  telegramNotices: z.boolean().optional(),
  /** May upload and publish episodes: an admin, or a user an admin made an uploader. */
  isUploader: z.boolean(),
  updatedAt: isoDateTime,
});

/** What the caller may do now, as auth knows it (auth.access.check). */
export const callerRolesSchema = z.object({ isAdmin: z.boolean(), isUploader: z.boolean() });

/** An account's current nickname, as auth.users.by-ids answers it (names in the audit log). */
export const userNameSchema = z.object({ id: z.uuid(), username: z.string() });

export const usernameAvailabilitySchema = z.object({ available: z.boolean(), message: z.string() });

export const captchaSchema = z.object({ captchaId: z.string(), question: z.string() });

/** A session: its token and the signed-in user. */
export const authSessionSchema = z.object({ token: z.string(), user: selfUserSchema });

/** A row of the admins' user list: the account with the restrictions in force the moderation publishes (a warning is none). */
export const adminUserRowSchema = selfUserSchema.extend({ ban: sanctionNoticeSchema.nullable(), chatMute: sanctionNoticeSchema.nullable() });
export const adminUserPageSchema = numberedPageOf(adminUserRowSchema);

export const telegramChannelInfoSchema = z.object({
  required: z.boolean(),
  channel: z.object({ title: z.string(), description: z.string(), url: z.string(), username: z.string() }).nullable(),
});
export const telegramSessionSchema = z.object({ sessionToken: z.string(), botUrl: z.string() });
export const telegramSessionCheckSchema = z.object({ verified: z.boolean(), userId: z.string().nullable() });
export const authProvidersSchema = z.object({ vk: z.boolean(), telegram: z.boolean() });

export const VK_SIGN_IN_OUTCOMES = ['created', 'signed-in', 'linked'] as const;
export const vkSignInStartSchema = z.object({ authorizeUrl: z.string(), browserBinding: z.string() });
/** A VK ID sign-in's session, and whether it created the account, signed in or linked VK to the caller's. */
export const vkSessionSchema = authSessionSchema.extend({ outcome: z.enum(VK_SIGN_IN_OUTCOMES) });
