import type { z } from 'zod';
import type {
  authSessionSchema,
  callerRolesSchema,
  captchaSchema,
  publicUserSchema,
  selfUserSchema,
  telegramChannelInfoSchema,
  USER_GROUPS,
  USER_ROLES,
  userNameSchema,
  usernameAvailabilitySchema,
} from './auth.answers';

export type UserGroup = (typeof USER_GROUPS)[number];
export type UserRole = (typeof USER_ROLES)[number];

/** An account's current nickname, as auth.users.by-ids answers it (names in the audit log). */
export type UserName = z.output<typeof userNameSchema>;

/** The most accounts one auth.users.by-ids call names. */
export const USER_IDS_MAX = 100;

/** A user as any client may see it: never a password hash or another secret. */
export type PublicUser = z.output<typeof publicUserSchema>;
/** The signed-in user's own view adds private settings. */
export type SelfUser = z.output<typeof selfUserSchema>;

export type AuthSession = z.output<typeof authSessionSchema> & {
  /** The registration card's file (SPEC), when the rewards service granted it within the answer's wait. */
  cardReward?: string;
  /** The grant's id: the web shows the card dialog once whether the answer or the socket's `reward:card` comes first. */
  cardGrantId?: string;
};

export type Captcha = z.output<typeof captchaSchema>;
export type UsernameAvailability = z.output<typeof usernameAvailabilitySchema>;
export type TelegramChannelInfo = z.output<typeof telegramChannelInfoSchema>;

/** Fields a user may change on their own profile; anything else in the body is ignored. */
export const isAdminUser = (user: Pick<PublicUser, 'group' | 'isAdmin'>): boolean => user.group === 'admin' || user.isAdmin;
/** Uploads and publishes episodes: an admin, or a user an admin made an uploader. */
export const isUploaderUser = (user: Pick<PublicUser, 'group' | 'isAdmin'> & { isUploader: boolean }): boolean => isAdminUser(user) || user.isUploader;
/** What the caller may do now (auth.access.check). */
export type CallerRoles = z.output<typeof callerRolesSchema>;

/**
 * What the gateway learns from a verified token and passes to services with each request. It holds
 * identity only: a role in a token would outlive its revocation, so roles are checked live.
 */
export interface AuthenticatedUser {
  id: string;
  username: string;
}
