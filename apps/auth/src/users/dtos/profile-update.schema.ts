import { z } from 'zod';
import { AUTH_MESSAGES, DISPLAY_NAME_MAX_LENGTH } from '@portal/contracts';

// An image is either a full http(s) address or a bare file name under the assets folders (never
// "." or "..", which would name a folder).
const imageReference = z
  .string()
  .trim()
  .max(512)
  .refine((value) => /^https?:\/\/[^\s"'<>]+$/.test(value) || (/^[\w.-]+$/.test(value) && !/^\.+$/.test(value)), 'Некорректный адрес изображения')
  .nullable();

/**
 * The fields a user may change on their own profile. Anything else in the body (role, group,
 * isAdmin, rank, id) is dropped, so a request cannot assign them.
 */
export const profileUpdateSchema = z.object({
  displayName: z
    .string()
    .trim()
    .min(1, AUTH_MESSAGES.allFieldsRequired)
    .max(DISPLAY_NAME_MAX_LENGTH, AUTH_MESSAGES.displayNameTooLong)
    .optional(),
  avatar: imageReference.optional(),
  profileBanner: imageReference.optional(),
  isAnimatedAvatar: z.boolean().optional(),
  isAnimatedBanner: z.boolean().optional(),
  skipOpening: z.boolean().optional(),
  skipEnding: z.boolean().optional(),
});

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Номер страницы должен быть не меньше 1').default(1),
  limit: z.coerce.number().int().min(1).max(100, 'Не больше 100 записей на странице').default(20),
});

export const setAdminSchema = z.object({
  userId: z.string().uuid('Некорректный идентификатор пользователя'),
  isAdmin: z.boolean({ error: 'Поле isAdmin должно быть true или false' }),
});

export const usernameQuerySchema = z.object({
  username: z.string({ error: AUTH_MESSAGES.allFieldsRequired }).max(64),
});
