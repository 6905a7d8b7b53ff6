export type UserGroup = 'user' | 'moderator' | 'admin';
export type UserRole = 'user' | 'admin';

/** An account's current nickname, as auth.users.by-ids answers it (names in the audit log). */
export interface UserName {
  id: string;
  username: string;
}

/** The most accounts one auth.users.by-ids call names. */
export const USER_IDS_MAX = 100;

/** A user as any client may see it: never a password hash or another secret. */
export interface PublicUser {
  id: string;
  username: string;
  displayName: string;
  avatar: string | null;
  profileBanner: string | null;
  isAnimatedAvatar: boolean;
  isAnimatedBanner: boolean;
  group: UserGroup;
  isAdmin: boolean;
  role: UserRole;
  rank: string;
  createdAt: string;
}

/** The signed-in user's own view adds private settings. */
export interface SelfUser extends PublicUser {
  email: string;
  skipOpening: boolean;
  skipEnding: boolean;
  telegramUserId: string | null;
  /** Opted in to notices in Telegram (only with a verified telegramUserId). */
  telegramNotices?: boolean;
  updatedAt: string;
}

export interface AuthSession {
  token: string;
  user: SelfUser;
  /** The registration card's file (SPEC), when the rewards service granted it within the answer's wait. */
  cardReward?: string;
  /** The grant's id: the web shows the card dialog once whether the answer or the socket's `reward:card` comes first. */
  cardGrantId?: string;
}

export interface Captcha {
  captchaId: string;
  question: string;
}

export interface UsernameAvailability {
  available: boolean;
  message: string;
}

export interface TelegramChannelInfo {
  required: boolean;
  channel: { title: string; description: string; url: string; username: string } | null;
}

/** Fields a user may change on their own profile; anything else in the body is ignored. */
export const isAdminUser = (user: Pick<PublicUser, 'group' | 'isAdmin'>): boolean =>
  user.group === 'admin' || user.isAdmin;

/**
 * What the gateway learns from a verified token and passes to services with each request. It holds
 * identity only: a role in a token would outlive its revocation, so roles are checked live.
 */
export interface AuthenticatedUser {
  id: string;
  username: string;
}
