import { isUploaderUser, type PublicUser, type SelfUser } from '@portal/contracts';
import type { UserEntity } from './entities/user.entity';

export function toPublicUser(user: UserEntity): PublicUser {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    avatar: user.avatar,
    profileBanner: user.profileBanner,
    isAnimatedAvatar: user.isAnimatedAvatar,
    isAnimatedBanner: user.isAnimatedBanner,
    group: user.group,
    isAdmin: user.isAdmin,
    role: user.role,
    rank: user.rank,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The owner's (or an admin's) view. Built field by field so a secret can never slip through. */
export function toSelfUser(user: UserEntity): SelfUser {
  return {
    ...toPublicUser(user),
    email: user.email,
    skipOpening: user.skipOpening,
    skipEnding: user.skipEnding,
    telegramUserId: user.telegramUserId,
    telegramNotices: user.telegramNotices,
    isUploader: isUploaderUser(user),
    updatedAt: user.updatedAt.toISOString(),
  };
}
