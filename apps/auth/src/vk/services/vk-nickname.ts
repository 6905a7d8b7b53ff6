import { USERNAME_MAX_LENGTH, usernameFormatError } from '@portal/contracts';
import { containsBadWord } from '../../registration/services/bad-words';

/** How many numbered variants of a taken name are tried before the `vk_<id>` fallback. */
export const NICKNAME_VARIANTS = 20;

/**
 * The nicknames to try for a new VK account, best first: the VK name as `Имя_Фамилия` (letters and
 * digits kept), then `Имя_Фамилия_2`, `_3`…, then `vk_<id>`. Each passes the registration rules
 * (length, not digits only, no bad word); uniqueness is the caller's to check.
 */
export function nicknameCandidates(profile: { userId: string; firstName: string; lastName: string }): string[] {
  const fallback = `vk_${profile.userId}`;
  const base = [profile.firstName, profile.lastName]
    .map((part) => part.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, ''))
    .filter(Boolean)
    .join('_');
  const name = base.slice(0, USERNAME_MAX_LENGTH);
  if (usernameFormatError(name) !== null || containsBadWord(name)) return [fallback];
  const trimmed = base.slice(0, USERNAME_MAX_LENGTH - 3);
  return [name, ...Array.from({ length: NICKNAME_VARIANTS - 1 }, (_, index) => `${trimmed}_${index + 2}`), fallback];
}
