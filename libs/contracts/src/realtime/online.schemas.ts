import { z } from 'zod';

const OFFSET_MESSAGE = 'Смещение должно быть целым числом не меньше 0';
const LIMIT_MESSAGE = 'Лимит должен быть числом от 1 до 100';

/** An absent or empty parameter takes its default. */
const queryNumber = (message: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).default(fallback),
  );

/** `GET /online/users?offset&limit`. */
export const onlineUsersQuerySchema = z.object({
  offset: queryNumber(OFFSET_MESSAGE, 0, Number.MAX_SAFE_INTEGER, 0),
  limit: queryNumber(LIMIT_MESSAGE, 1, 100, 50),
});

export type OnlineUsersQuery = z.output<typeof onlineUsersQuerySchema>;
