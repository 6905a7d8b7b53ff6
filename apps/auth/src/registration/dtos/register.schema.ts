import { z } from 'zod';
import { AUTH_MESSAGES } from '@portal/contracts';

const text = z.union([z.string(), z.number()]).transform(String);

/** Shape only; the rules and their Russian messages are applied by the registration service. */
export const registerSchema = z.object({
  username: text.optional(),
  email: text.optional(),
  password: text.optional(),
  confirmPassword: text.optional(),
  captchaId: text.optional(),
  captchaAnswer: text.optional(),
  telegramUserId: z
    .union([z.string(), z.number()])
    .transform(String)
    .refine((value) => /^\d{1,20}$/.test(value), AUTH_MESSAGES.allFieldsRequired)
    .nullish(),
});

export type RegisterInput = z.infer<typeof registerSchema>;
