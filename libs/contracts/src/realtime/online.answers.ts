import { z } from 'zod';

/** Names of the signed-in users online, alphabetically, each once: a slice by offset. */
export const onlineUsersPageSchema = z.object({
  items: z.array(z.string()),
  offset: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export type OnlineUsersPage = z.output<typeof onlineUsersPageSchema>;
