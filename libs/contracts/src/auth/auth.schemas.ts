import { z } from 'zod';
import { withoutInvisibles } from '../validation/invisible-characters';
import { looseText, pageQuery, uuid } from '../validation/common.schemas';
import { AUTH_MESSAGES, DISPLAY_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from './auth.messages';
import { USER_IDS_MAX } from './user.dto';

/**
 * Shape only, but for the agreement: the rules and their Russian messages (in SPEC's order) are
 * applied by the auth service with `registrationFormErrors`, so a missing field still says «Все поля
 * обязательны». The user agreement must be accepted (`agreement: true`) by every caller, the web
 * form's checkbox being only its convenience: missing or anything else is refused here, at the edge
 * and again in the service, before any rule runs or anything is written.
 */
export const registerRequestSchema = z.object({
  username: looseText(256).transform(withoutInvisibles).optional(),
  email: looseText(320).optional(),
  password: looseText(1024).optional(),
  confirmPassword: looseText(1024).optional(),
  captchaId: looseText(64).optional(),
  captchaAnswer: looseText(16).optional(),
  telegramUserId: z
    .union([z.string(), z.number()])
    .transform(String)
    .refine((value) => /^\d{1,20}$/.test(value), 'Некорректный идентификатор Telegram')
    .nullish(),
  /** The verified Telegram session (POST /api/telegram/check-session); telegramUserId is read from it, not from the body. */
  telegramSessionToken: z.string().max(64).nullish(),
  agreement: z.literal(true, { error: AUTH_MESSAGES.agreementRequired }),
});

export const loginRequestSchema = z.object({
  email: z.string().max(320, AUTH_MESSAGES.emailInvalid).optional(),
  password: z.string().max(1024, AUTH_MESSAGES.passwordTooLong).optional(),
});

export const PROFILE_IMAGE_MESSAGE = 'Изображение можно выбрать только из своих загрузок или с разрешённых сайтов';

/**
 * A profile image: the bare file name of one of our own uploads, or an https address whose host the
 * auth service checks against its allowlist (an arbitrary address would log every viewer's IP).
 */
export const profileImageReference = z
  .string()
  .trim()
  .max(512, PROFILE_IMAGE_MESSAGE)
  .refine((value) => (/^https:\/\/[^\s"'<>]+$/.test(value) && URL.canParse(value)) || (/^[\w.-]+$/.test(value) && !/^\.+$/.test(value)), PROFILE_IMAGE_MESSAGE)
  .nullable();

/**
 * The fields a user may change on their own profile. Anything else in the body (role, group,
 * isAdmin, rank, id) is dropped, so a request cannot assign them.
 */
export const profileUpdateSchema = z.object({
  displayName: z
    .string()
    .overwrite(withoutInvisibles)
    .trim()
    .min(1, AUTH_MESSAGES.allFieldsRequired)
    .max(DISPLAY_NAME_MAX_LENGTH, AUTH_MESSAGES.displayNameTooLong)
    .optional(),
  avatar: profileImageReference.optional(),
  profileBanner: profileImageReference.optional(),
  isAnimatedAvatar: z.boolean().optional(),
  isAnimatedBanner: z.boolean().optional(),
  skipOpening: z.boolean().optional(),
  skipEnding: z.boolean().optional(),
});

/** A nickname to look up or check; the format rules answer `available: false`, only absurd lengths a 400. */
export const usernameQuerySchema = z.object({
  username: z
    .string({ error: AUTH_MESSAGES.allFieldsRequired })
    .overwrite(withoutInvisibles)
    .trim()
    .min(1, AUTH_MESSAGES.allFieldsRequired)
    .max(USERNAME_MAX_LENGTH * 8, AUTH_MESSAGES.usernameTooLong),
});

/** The admins' user list: newest first, optionally only nicknames or emails starting with `q`. */
export const usersPageQuerySchema = pageQuery(20).extend({
  q: z
    .string()
    .trim()
    .max(100, 'Строка поиска должна быть не длиннее 100 символов')
    .optional()
    .transform((value) => value || undefined),
});

export const userIdParamsSchema = z.object({ id: uuid('Некорректный идентификатор пользователя') });

export const setAdminBodySchema = z.object({
  isAdmin: z.boolean({ error: 'Поле isAdmin должно быть true или false' }),
});

/** PUT /user/{id}/admin. */
export const setAdminRequestSchema = setAdminBodySchema.extend(userIdParamsSchema.shape);

export const setUploaderBodySchema = z.object({
  isUploader: z.boolean({ error: 'Поле isUploader должно быть true или false' }),
});

/** PUT /user/{id}/uploader. */
export const setUploaderRequestSchema = setUploaderBodySchema.extend(userIdParamsSchema.shape);

/** An account by its id (auth.user.by-id). */
export const userIdRequestSchema = z.object({ userId: uuid('Некорректный идентификатор пользователя') });

/** Several accounts by id (auth.users.by-ids): the distinct ids of one page, 1 to 100. */
export const userIdsRequestSchema = z.object({
  userIds: z
    .array(uuid('Некорректный идентификатор пользователя'), { error: 'Укажите список идентификаторов пользователей' })
    .min(1, 'Укажите хотя бы одного пользователя')
    .max(USER_IDS_MAX, `Не больше ${USER_IDS_MAX} пользователей за раз`),
});

export type RegisterRequest = z.output<typeof registerRequestSchema>;
export type LoginRequest = z.output<typeof loginRequestSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
export type UsersPageQuery = z.output<typeof usersPageQuerySchema>;
export type UserIdsRequest = z.output<typeof userIdsRequestSchema>;
