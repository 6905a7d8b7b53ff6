import { z } from 'zod';

/** The author of a comment or a review as the community shows them (its copy of auth's public slice). */
export const commentAuthorSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  rank: z.string(),
});
