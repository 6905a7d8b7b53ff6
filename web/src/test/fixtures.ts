import type { SelfUser } from '@portal/contracts';

export function makeUser(overrides: Partial<SelfUser> = {}): SelfUser {
  return {
    id: 'u-1',
    username: 'sakura',
    displayName: 'Сакура',
    avatar: null,
    profileBanner: null,
    isAnimatedAvatar: false,
    isAnimatedBanner: false,
    group: 'user',
    isAdmin: false,
    role: 'user',
    rank: 'новичок',
    createdAt: '2024-01-01T00:00:00.000Z',
    email: 'sakura@example.com',
    skipOpening: false,
    skipEnding: false,
    telegramUserId: null,
    isUploader: false,
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const makeAdmin = (overrides: Partial<SelfUser> = {}) =>
  makeUser({
    id: 'u-admin',
    username: 'admin_rei',
    displayName: 'Рей',
    group: 'admin',
    isAdmin: true,
    role: 'admin',
    rank: 'легенда',
    isUploader: true,
    ...overrides,
  });

export const CAPTCHA = { captchaId: 'c-1', question: '7 + 3' };
export const NEXT_CAPTCHA = { captchaId: 'c-2', question: '2 + 5' };
