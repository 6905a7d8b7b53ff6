import type { z } from 'zod';
import type { AnimeSummary } from '../catalogue/anime.dto';
import type { animeRefLookupSchema, titleRefSchema } from '../catalogue/anime-ref.answers';
import type { animeListEntrySchema, animeRatingSummarySchema, listCountsSchema, listImportReportSchema, listPageAnswerSchema } from './library.answers';
import type { continueWatchingItemSchema, progressPointSchema } from './progress.answers';

/** A viewer's list statuses (SPEC §4), in the order the profile shows them. */
export const LIST_STATUSES = ['watching', 'planned', 'completed', 'on_hold', 'dropped', 'rewatching'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export const LIST_STATUS_LABELS: Record<ListStatus, string> = {
  watching: 'Смотрю',
  planned: 'Запланировано',
  completed: 'Просмотрено',
  on_hold: 'Отложено',
  dropped: 'Брошено',
  rewatching: 'Пересматриваю',
};

export const RATING_MIN = 1;
export const RATING_MAX = 10;

/** The slice of a title that a list entry or a progress point carries for display. */
export type AnimeRef = Pick<AnimeSummary, 'id' | 'title' | 'poster' | 'fallbackPoster' | 'episodes' | 'kind' | 'year'>;

export type AnimeListEntry = z.output<typeof animeListEntrySchema>;

// The request types (ListStatusUpdate, RatingUpdate, ProgressSave, …) are the outputs of the request
// schemas in community.schemas.ts, which the gateway and the community service both parse with.

export type ListCounts = z.output<typeof listCountsSchema>;
/** A page of a list with the count per status. */
export type ListPage = z.output<typeof listPageAnswerSchema>;

export type AnimeRatingSummary = z.output<typeof animeRatingSummarySchema>;

/** Where a viewer stopped in an episode (the outputs of progress.answers.ts). */
export type ProgressPoint = z.output<typeof progressPointSchema>;
export type ContinueWatchingItem = z.output<typeof continueWatchingItemSchema>;

/** One list in an import or export, independent of the file format. */
export const LIST_FILE_FORMATS = ['mal', 'shikimori'] as const;
export type ListFileFormat = (typeof LIST_FILE_FORMATS)[number];

export type ListImportReport = z.output<typeof listImportReportSchema>;

/** What the catalogue answers to `catalogue.anime.refs`: each requested id (catalogue or Shikimori id) it knows. */
export type AnimeRefLookup = z.output<typeof animeRefLookupSchema>;

/** A title as other services keep it: what lists show, and its Shikimori id. */
export type TitleRef = z.output<typeof titleRefSchema>;

export const LIST_PAGE_MAX = 100;
export const LIST_PAGE_DEFAULT = 50;
/** The largest list file an import accepts. */
export const LIST_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** A position or duration longer than a day is not an episode. */
export const PROGRESS_MAX_SECONDS = 24 * 3600;
export const CONTINUE_WATCHING_MAX = 50;

/** Russian messages of the community service (shared with the web client). */
export const COMMUNITY_MESSAGES = {
  animeId: 'Укажите id аниме (целое положительное число)',
  animeNotFound: 'Аниме с таким id нет в каталоге',
  status: `Статус должен быть одним из: ${LIST_STATUSES.join(', ')}`,
  progress: 'Прогресс должен быть целым числом не меньше 0',
  episode: 'Номер серии должен быть целым числом не меньше 1',
  episodeBeyondTotal: 'Номер серии больше, чем серий у аниме',
  rewatchNotCompleted: 'Пересматривать можно только просмотренное аниме',
  rating: `Оценка должна быть целым числом от ${RATING_MIN} до ${RATING_MAX}`,
  position: `Позиция должна быть числом секунд от 0 до ${PROGRESS_MAX_SECONDS}`,
  duration: `Длительность должна быть числом секунд больше 0 и не больше ${PROGRESS_MAX_SECONDS}`,
  limit: (max: number) => `Лимит должен быть целым числом от 1 до ${max}`,
  page: 'Номер страницы должен быть целым числом от 1',
  username: 'Укажите имя пользователя',
  userNotFound: 'Пользователь не найден',
  entryNotFound: 'Этого аниме нет в списке',
  format: 'Формат должен быть mal или shikimori',
  fileMissing: 'Приложите файл списка (поле file) или отправьте его телом запроса',
  fileTooLarge: `Файл списка больше ${LIST_IMPORT_MAX_BYTES / 1024 / 1024} МБ`,
  fileUnreadable: 'Не удалось прочитать файл: ожидается экспорт MyAnimeList (XML) или Shikimori (JSON)',
  fileEmpty: 'В файле нет ни одной записи списка',
  malDoctype: 'Файл MyAnimeList не должен содержать DOCTYPE и сущности',
  skipNotInCatalogue: 'Аниме нет в каталоге',
  skipNoId: 'Нет id аниме',
  skipStatus: 'Неизвестный статус',
  skipNotAnime: 'Запись не об аниме',
  skipDuplicate: 'Повтор записи выше в файле',
} as const;
