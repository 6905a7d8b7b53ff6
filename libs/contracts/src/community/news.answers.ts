import { z } from 'zod';
import { deletedOf, isoDateTime } from '../validation/answer.schemas';
import { animeRefSchema } from '../catalogue/anime-ref.answers';
import { NEWS_STATUSES } from './news.dto';

// What the news operations answer (news.operations.ts); the types in news.dto.ts are these schemas' outputs.

export const newsCoverSchema = z.object({
  id: z.string(),
  /** The widths stored, ascending. */
  widths: z.array(z.number().int()),
  /** The widest one. */
  url: z.string(),
  /** For `<img srcset>`: every width with its `w` descriptor. */
  srcset: z.string(),
});

export const newsAuthorSchema = z.object({ id: z.uuid(), username: z.string() });

export const newsItemSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  tags: z.array(z.string()),
  animeIds: z.array(z.number().int()),
  /** The linked titles the catalogue knows, in the order of `animeIds`. */
  anime: z.array(animeRefSchema),
  cover: newsCoverSchema.nullable(),
  /** Null for automatic news (the portal wrote it). */
  author: newsAuthorSchema.nullable(),
  status: z.enum(NEWS_STATUSES),
  /** When it is (or was, or will be) public; in the future: scheduled. */
  publishedAt: isoDateTime,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** Written by the portal when a title got a new episode. */
  automatic: z.boolean(),
});

export const newsPageSchema = z.object({
  data: z.array(newsItemSchema),
  meta: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), hasMore: z.boolean() }),
});

export const newsOneSchema = z.object({ data: newsItemSchema });

export const newsSettingsAnswerSchema = z.object({
  /** «Вышла N серия …» is published when a title gets new episodes. */
  autoNews: z.boolean(),
});

export const newsDeletedSchema = deletedOf(z.uuid());
