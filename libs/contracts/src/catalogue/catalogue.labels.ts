import type { AnimeKind, AnimeStatus, Season } from './anime.dto';

export const KIND_LABELS: Record<AnimeKind, string> = {
  tv: 'ТВ сериал',
  movie: 'Фильм',
  ova: 'OVA',
  ona: 'ONA',
  special: 'Спешл',
  music: 'Клип',
};

/** Shikimori's own Russian status words (shikimori_status_ru). */
export const STATUS_LABELS: Record<AnimeStatus, string> = {
  announced: 'анонс',
  ongoing: 'онгоинг',
  completed: 'вышло',
};

/** Page texts the web shows and the gateway's HTML shell shows before it (../web/page-shells.ts). */
export const CATALOGUE_PAGE_LABELS = {
  catalogueTitle: 'Каталог аниме',
  popular: 'Популярное',
  poster: (title: string) => `Постер «${title}»`,
  watchTitle: (title: string | null, episode: number) => (title ? `${title} — серия ${episode}` : `Серия ${episode}`),
};

export const SEASON_LABELS: Record<Season, string> = {
  winter: 'зима',
  spring: 'весна',
  summer: 'лето',
  fall: 'осень',
};

export interface GenreDefinition {
  slug: string;
  name: string;
  nameEn: string;
  /** 18+: kept in the database, never listed or found by default. */
  adult?: boolean;
}

/** MyAnimeList's genres (the source data's vocabulary) with Shikimori's Russian names. */
export const GENRES: readonly GenreDefinition[] = [
  { slug: 'action', name: 'Экшен', nameEn: 'Action' },
  { slug: 'adventure', name: 'Приключения', nameEn: 'Adventure' },
  { slug: 'cars', name: 'Машины', nameEn: 'Cars' },
  { slug: 'comedy', name: 'Комедия', nameEn: 'Comedy' },
  { slug: 'dementia', name: 'Безумие', nameEn: 'Dementia' },
  { slug: 'demons', name: 'Демоны', nameEn: 'Demons' },
  { slug: 'drama', name: 'Драма', nameEn: 'Drama' },
  { slug: 'ecchi', name: 'Этти', nameEn: 'Ecchi' },
  { slug: 'fantasy', name: 'Фэнтези', nameEn: 'Fantasy' },
  { slug: 'game', name: 'Игры', nameEn: 'Game' },
  { slug: 'harem', name: 'Гарем', nameEn: 'Harem' },
  { slug: 'hentai', name: 'Хентай', nameEn: 'Hentai', adult: true },
  { slug: 'historical', name: 'Исторический', nameEn: 'Historical' },
  { slug: 'horror', name: 'Ужасы', nameEn: 'Horror' },
  { slug: 'josei', name: 'Дзёсэй', nameEn: 'Josei' },
  { slug: 'kids', name: 'Детское', nameEn: 'Kids' },
  { slug: 'magic', name: 'Магия', nameEn: 'Magic' },
  { slug: 'martial-arts', name: 'Боевые искусства', nameEn: 'Martial Arts' },
  { slug: 'mecha', name: 'Меха', nameEn: 'Mecha' },
  { slug: 'military', name: 'Военное', nameEn: 'Military' },
  { slug: 'music', name: 'Музыка', nameEn: 'Music' },
  { slug: 'mystery', name: 'Детектив', nameEn: 'Mystery' },
  { slug: 'parody', name: 'Пародия', nameEn: 'Parody' },
  { slug: 'police', name: 'Полиция', nameEn: 'Police' },
  { slug: 'psychological', name: 'Психологическое', nameEn: 'Psychological' },
  { slug: 'romance', name: 'Романтика', nameEn: 'Romance' },
  { slug: 'samurai', name: 'Самураи', nameEn: 'Samurai' },
  { slug: 'school', name: 'Школа', nameEn: 'School' },
  { slug: 'sci-fi', name: 'Фантастика', nameEn: 'Sci-Fi' },
  { slug: 'seinen', name: 'Сэйнэн', nameEn: 'Seinen' },
  { slug: 'shoujo', name: 'Сёдзё', nameEn: 'Shoujo' },
  { slug: 'shoujo-ai', name: 'Сёдзё-ай', nameEn: 'Shoujo Ai' },
  { slug: 'shounen', name: 'Сёнэн', nameEn: 'Shounen' },
  { slug: 'shounen-ai', name: 'Сёнэн-ай', nameEn: 'Shounen Ai' },
  { slug: 'slice-of-life', name: 'Повседневность', nameEn: 'Slice of Life' },
  { slug: 'space', name: 'Космос', nameEn: 'Space' },
  { slug: 'sports', name: 'Спорт', nameEn: 'Sports' },
  { slug: 'super-power', name: 'Супер сила', nameEn: 'Super Power' },
  { slug: 'supernatural', name: 'Сверхъестественное', nameEn: 'Supernatural' },
  { slug: 'thriller', name: 'Триллер', nameEn: 'Thriller' },
  { slug: 'vampire', name: 'Вампиры', nameEn: 'Vampire' },
  { slug: 'yaoi', name: 'Яой', nameEn: 'Yaoi', adult: true },
  { slug: 'yuri', name: 'Юри', nameEn: 'Yuri', adult: true },
];

export const CATALOGUE_MESSAGES = {
  animeNotFound: 'Аниме не найдено',
  genreNotFound: 'Жанр не найден',
  characterNotFound: 'Персонаж не найден',
  seiyuuNotFound: 'Сэйю не найден',
  collectionNotFound: 'Подборка не найдена',
  searchTooShort: 'Введите хотя бы 1 символ для поиска',
  searchTooLong: 'Слишком длинный запрос: не больше 100 символов',
  titleRequired: 'Укажите название',
  unknownAnimeIds: 'В подборке есть несуществующие аниме',
  coverType: 'Обложка должна быть изображением JPEG, PNG, WebP или GIF',
  coverTooLarge: 'Обложка слишком большая: не больше 5 МБ',
  posterUrl: 'Ссылка на постер должна начинаться с https:// или http://',
} as const;
