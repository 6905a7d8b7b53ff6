import { z } from 'zod';
import { withoutBidiControls, withoutInvisibles } from '../validation/invisible-characters';
import { MAX_INT32 as MAX_INT, absentWhenEmpty as absent, boundedInteger as integer, withoutNul as noNul } from '../validation/common.schemas';
import {
  NEWS_ANIME_MAX,
  NEWS_BODY_MAX,
  NEWS_COVER_WIDTHS,
  NEWS_MESSAGES,
  NEWS_PAGE_DEFAULT,
  NEWS_PAGE_MAX,
  NEWS_SLUG_MAX,
  NEWS_SLUG_PATTERN,
  NEWS_STATUSES,
  NEWS_SUMMARY_MAX,
  NEWS_TAG_MAX,
  NEWS_TAGS_MAX,
  NEWS_TITLE_MAX,
  NEWS_TITLE_MIN,
} from './news.dto';

// News (docs/community.md, «News»): the gateway parses every request with these, and the community
// service parses what it receives with the same ones, so each schema accepts its own output.

const newsId = z.uuid({ error: NEWS_MESSAGES.id });
const animeIdField = integer(1, MAX_INT, NEWS_MESSAGES.animeId);

const titleField = z
  .string({ error: NEWS_MESSAGES.title })
  .overwrite(withoutInvisibles)
  .trim()
  .min(NEWS_TITLE_MIN, { error: NEWS_MESSAGES.title })
  .max(NEWS_TITLE_MAX, { error: NEWS_MESSAGES.title })
  .refine(noNul, { error: NEWS_MESSAGES.nul });

const slugField = z
  .string({ error: NEWS_MESSAGES.slug })
  .trim()
  .toLowerCase()
  .max(NEWS_SLUG_MAX, { error: NEWS_MESSAGES.slug })
  .regex(NEWS_SLUG_PATTERN, { error: NEWS_MESSAGES.slug })
  // A slug that looks like an id would be read as one.
  .refine((slug) => !z.uuid().safeParse(slug).success, { error: NEWS_MESSAGES.slug });

const summaryField = z
  .string({ error: NEWS_MESSAGES.summary })
  .overwrite(withoutBidiControls)
  .trim()
  .max(NEWS_SUMMARY_MAX, { error: NEWS_MESSAGES.summary })
  .refine(noNul, { error: NEWS_MESSAGES.nul });

/** HTML as the editor wrote it; the community sanitises it before storing. */
const bodyField = z
  .string({ error: NEWS_MESSAGES.body })
  .overwrite(withoutBidiControls)
  .trim()
  .min(1, { error: NEWS_MESSAGES.body })
  .max(NEWS_BODY_MAX, { error: NEWS_MESSAGES.bodyTooLong })
  .refine(noNul, { error: NEWS_MESSAGES.nul });

const tagValue = z
  .string({ error: NEWS_MESSAGES.tags })
  .overwrite(withoutInvisibles)
  .trim()
  .min(1, { error: NEWS_MESSAGES.tags })
  .max(NEWS_TAG_MAX, { error: NEWS_MESSAGES.tags })
  .refine(noNul, { error: NEWS_MESSAGES.nul });
/** Trimmed, lower-cased and without repeats, in the order given. */
const tagsField = z
  .array(tagValue, { error: NEWS_MESSAGES.tags })
  .max(NEWS_TAGS_MAX, { error: NEWS_MESSAGES.tags })
  .transform((tags) => [...new Set(tags.map((tag) => tag.toLowerCase()))]);

const animeIdsField = z
  .array(animeIdField, { error: NEWS_MESSAGES.animeIds })
  .max(NEWS_ANIME_MAX, { error: NEWS_MESSAGES.animeIds })
  .transform((ids) => [...new Set(ids)]);

const coverWidth = z
  .number({ error: NEWS_MESSAGES.cover })
  .refine((width) => (NEWS_COVER_WIDTHS as readonly number[]).includes(width), { error: NEWS_MESSAGES.cover });
/** What the cover upload answered (extra keys such as `url` are dropped); null: no cover. */
const coverField = z.union(
  [
    z.null(),
    z.object({
      id: z.uuid({ error: NEWS_MESSAGES.cover }),
      widths: z
        .array(coverWidth, { error: NEWS_MESSAGES.cover })
        .min(1, { error: NEWS_MESSAGES.cover })
        .max(NEWS_COVER_WIDTHS.length, { error: NEWS_MESSAGES.cover })
        .transform((widths) => [...new Set(widths)].sort((a, b) => a - b)),
    }),
  ],
  { error: NEWS_MESSAGES.cover },
);

const statusField = z.enum(NEWS_STATUSES, { error: NEWS_MESSAGES.status });
/** ISO 8601 with a time zone (the editor sends `toISOString()`). */
const publishedAtField = z.iso.datetime({ offset: true, error: NEWS_MESSAGES.publishedAt });

const writeFields = {
  title: titleField,
  slug: z.preprocess(absent, slugField.optional()),
  summary: z.preprocess((value) => (value === null ? '' : value), summaryField.optional()).transform((summary) => summary ?? ''),
  body: bodyField,
  tags: tagsField.optional().transform((tags) => tags ?? []),
  animeIds: animeIdsField.optional().transform((ids) => ids ?? []),
  cover: coverField.optional().transform((cover) => cover ?? null),
  status: statusField.optional().transform((status) => status ?? 'draft'),
  /** Absent: now (or, for a draft, the moment it is published). */
  publishedAt: z.preprocess(absent, publishedAtField.optional()),
};

/** POST /news (admin). */
export const newsCreateSchema = z.object(writeFields);

const changeFields = {
  title: titleField.optional(),
  slug: z.preprocess(absent, slugField.optional()),
  summary: z.preprocess((value) => (value === null ? '' : value), summaryField.optional()),
  body: bodyField.optional(),
  tags: tagsField.optional(),
  animeIds: animeIdsField.optional(),
  cover: coverField.optional(),
  status: statusField.optional(),
  publishedAt: z.preprocess(absent, publishedAtField.optional()),
};

const somethingToChange = (change: Record<string, unknown>, context: z.RefinementCtx) => {
  if (Object.keys(changeFields).every((key) => change[key] === undefined)) {
    context.addIssue({ code: 'custom', path: ['title'], message: NEWS_MESSAGES.nothingToChange });
  }
};

/** PUT /news/:id (admin): the fields given change. */
export const newsUpdateSchema = z.object({ id: newsId, ...changeFields }).superRefine(somethingToChange);

/** `/news/:id` of a write. */
export const newsParamsSchema = z.object({ id: newsId });

/** GET /news/:idOrSlug. */
export const newsLookupSchema = z.object({
  idOrSlug: z
    .string({ error: NEWS_MESSAGES.idOrSlug })
    .trim()
    .toLowerCase()
    .min(1, { error: NEWS_MESSAGES.idOrSlug })
    .max(NEWS_SLUG_MAX, { error: NEWS_MESSAGES.idOrSlug })
    .refine((value) => NEWS_SLUG_PATTERN.test(value) || z.uuid().safeParse(value).success, { error: NEWS_MESSAGES.idOrSlug }),
});

/** GET /news?page&limit&tag&animeId: newest first. */
export const newsListQuerySchema = z.object({
  page: z.preprocess(absent, integer(1, 100_000, NEWS_MESSAGES.page).optional()).default(1),
  limit: z.preprocess(absent, integer(1, NEWS_PAGE_MAX, NEWS_MESSAGES.limit).optional()).default(NEWS_PAGE_DEFAULT),
  tag: z.preprocess(
    absent,
    z
      .string({ error: NEWS_MESSAGES.tag })
      .trim()
      .toLowerCase()
      .min(1, { error: NEWS_MESSAGES.tag })
      .max(NEWS_TAG_MAX, { error: NEWS_MESSAGES.tag })
      .refine(noNul, { error: NEWS_MESSAGES.nul })
      .optional(),
  ),
  animeId: z.preprocess(absent, animeIdField.optional()),
});

/** PUT /admin/news/settings. */
export const newsSettingsSchema = z.object({ autoNews: z.boolean({ error: NEWS_MESSAGES.autoNews }) });

export type NewsCreateRequest = z.output<typeof newsCreateSchema>;
export type NewsUpdateRequest = z.output<typeof newsUpdateSchema>;
export type NewsIdRequest = z.output<typeof newsParamsSchema>;
export type NewsLookupRequest = z.output<typeof newsLookupSchema>;
export type NewsListRequest = z.output<typeof newsListQuerySchema>;
export type NewsSettingsRequest = z.output<typeof newsSettingsSchema>;
