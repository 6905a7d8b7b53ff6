import type { z } from 'zod';
import type { newsAuthorSchema, newsCoverSchema, newsItemSchema, newsOneSchema, newsPageSchema, newsSettingsAnswerSchema } from './news.answers';

/**
 * News (docs/community.md, «News»): constants and the answers' types (declared as schemas in
 * news.answers.ts, imported here as types only: the web client imports this file without zod).
 * The body is HTML sanitised by the community on every write (an allowlist of tags, links, our own
 * images and embeds of a few video hosts), so a client may render it as HTML.
 */

/** A draft is seen by admins only; a published item is public once its `publishedAt` has come. */
export const NEWS_STATUSES = ['draft', 'published'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const NEWS_TITLE_MIN = 3;
export const NEWS_TITLE_MAX = 200;
export const NEWS_SLUG_MAX = 120;
export const NEWS_SUMMARY_MAX = 500;
/** Characters of the body as sent (HTML). */
export const NEWS_BODY_MAX = 100_000;
export const NEWS_TAGS_MAX = 10;
export const NEWS_TAG_MAX = 40;
export const NEWS_ANIME_MAX = 20;
export const NEWS_PAGE_DEFAULT = 12;
export const NEWS_PAGE_MAX = 50;
/** Widths (px) a cover is stored at, each as WebP: `/uploads/news/<id>-<width>.webp`. */
export const NEWS_COVER_WIDTHS = [320, 640, 1280] as const;
/** Bytes of an uploaded cover before resizing. */
export const NEWS_COVER_MAX_BYTES = 8 * 1024 * 1024;
/** Lower-case Latin letters, digits and single hyphens between them. */
export const NEWS_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The public path of a cover at one width (served with a year-long immutable cache). */
export const newsCoverUrl = (id: string, width: number) => `/uploads/news/${id}-${width}.webp`;

export type NewsCover = z.output<typeof newsCoverSchema>;

export function toNewsCover(id: string, widths: readonly number[]): NewsCover {
  const sorted = [...widths].sort((a, b) => a - b);
  return {
    id,
    widths: sorted,
    url: newsCoverUrl(id, sorted[sorted.length - 1] ?? NEWS_COVER_WIDTHS[0]),
    srcset: sorted.map((width) => `${newsCoverUrl(id, width)} ${width}w`).join(', '),
  };
}

/** What the cover upload answers: the id and widths to send as `cover` with the news item. */
export type NewsCoverUpload = NewsCover;

export type NewsAuthor = z.output<typeof newsAuthorSchema>;
export type NewsItem = z.output<typeof newsItemSchema>;
export type NewsPageMeta = NewsPage['meta'];
/** GET /news: SPEC reads `data.data`; `meta` tells the pages. */
export type NewsPage = z.output<typeof newsPageSchema>;
/** GET /news/:idOrSlug: SPEC reads `data.data`. */
export type NewsOne = z.output<typeof newsOneSchema>;
export type NewsSettings = z.output<typeof newsSettingsAnswerSchema>;

export const NEWS_MESSAGES = {
  title: `Заголовок новости: от ${NEWS_TITLE_MIN} до ${NEWS_TITLE_MAX} символов`,
  slug: `Адрес (slug): латинские строчные буквы, цифры и дефисы, до ${NEWS_SLUG_MAX} символов`,
  slugTaken: 'Новость с таким адресом (slug) уже есть',
  summary: `Краткое описание: строка до ${NEWS_SUMMARY_MAX} символов`,
  body: 'Напишите текст новости',
  bodyTooLong: `Текст новости не может быть длиннее ${NEWS_BODY_MAX} символов`,
  bodyEmpty: 'После очистки от недопустимой разметки текст новости пуст',
  tags: `Теги: до ${NEWS_TAGS_MAX} строк, каждая до ${NEWS_TAG_MAX} символов`,
  animeIds: `Связанные аниме: до ${NEWS_ANIME_MAX} целых положительных id`,
  animeNotFound: 'Аниме не найдено',
  cover: 'Обложка: id загруженного файла и его ширины',
  status: 'Статус: draft (черновик) или published (опубликовано)',
  publishedAt: 'Дата публикации: дата и время в формате ISO 8601',
  nul: 'Текст содержит недопустимый символ (NUL)',
  id: 'Некорректный идентификатор новости',
  idOrSlug: 'Укажите id или адрес (slug) новости',
  notFound: 'Новость не найдена',
  nothingToChange: 'Укажите, что изменить',
  page: 'Страница должна быть целым числом не меньше 1',
  limit: `Лимит должен быть целым числом от 1 до ${NEWS_PAGE_MAX}`,
  tag: `Тег: строка до ${NEWS_TAG_MAX} символов`,
  animeId: 'Укажите id аниме (целое положительное число)',
  autoNews: 'Укажите autoNews: true или false',
  coverMissing: 'Выберите изображение обложки: JPEG, PNG, WebP или GIF',
  coverType: 'Обложка должна быть изображением JPEG, PNG, WebP или GIF',
  coverTooLarge: `Обложка слишком большая: не больше ${NEWS_COVER_MAX_BYTES / 1024 / 1024} МБ`,
  coverBroken: 'Не удалось прочитать изображение обложки',
  notMultipart: 'Отправьте обложку формой multipart/form-data (поле file)',
} as const;

/** «Вышла 5 серия «Тетрадь смерти»». */
export const episodeNewsTitle = (episode: number, title: string) => `Вышла ${episode} серия «${title}»`;
