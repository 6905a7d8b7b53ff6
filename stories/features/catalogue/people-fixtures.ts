import type { CharacterDetails, CharacterSummary, Collection, CollectionDetails, SeiyuuDetails, Suggestion } from '@portal/contracts';
import { UNREACHABLE_IMAGE, animeList, animeSummary, suggestion, svgPoster } from '../../../web/src/features/catalogue/testing/catalogue-fixtures';

/**
 * Data of the character, seiyuu and collection stories (catalogue, part 2). Anime, posters, genres,
 * paged answers and the sync queue come from the shared catalogue fixtures (see catalogue-story-helpers).
 */

const CHARACTER_NAMES: Array<[string, string | null]> = [
  ['Edward Elric', 'Эдвард Элрик'],
  ['Levi', 'Леви'],
  ['Rintarou Okabe', 'Ринтаро Окабэ'],
  ['Spike Spiegel', 'Спайк Шпигель'],
  ['Chihiro Ogino', 'Тихиро Огино'],
  ['Mitsuha Miyamizu', null],
  ['Light Yagami', 'Лайт Ягами'],
  ['Naruto Uzumaki', 'Наруто Узумаки'],
];

export function makeCharacter(id: number): CharacterSummary {
  const [name, nameRu] = CHARACTER_NAMES[(id - 1) % CHARACTER_NAMES.length] ?? ['Character', null];
  return { id, name, nameRu, image: id % 3 === 0 ? null : svgPoster(name.split(' ')[0] ?? '', (id * 61) % 360) };
}

export const charactersRange = (from: number, count: number) => Array.from({ length: count }, (_, index) => makeCharacter(from + index));

export const CHARACTER: CharacterDetails = {
  id: 11,
  name: 'Edward Elric',
  nameRu: 'Эдвард Элрик',
  nameJa: 'エドワード・エルリック',
  image: svgPoster('Эдвард', 30),
  description:
    'Младший в истории государственный алхимик по прозвищу «Стальной».\n\nВместе с братом Альфонсом ищет философский камень, чтобы вернуть утраченное. <b>Теги</b> в описании показываются как текст.',
  anime: [
    { anime: animeSummary(1), role: 'main' },
    { anime: animeSummary(17, { title: 'Стальной алхимик (2003)' }), role: 'main' },
    { anime: animeSummary(5), role: 'supporting' },
  ],
  seiyuu: [
    { id: 21, name: 'Romi Park', nameRu: 'Роми Паку', image: svgPoster('Роми', 200) },
    { id: 22, name: 'Vic Mignogna', nameRu: null, image: null },
  ],
};

export const SPARSE_CHARACTER: CharacterDetails = {
  id: 12,
  name: 'Unnamed Villager',
  nameRu: null,
  nameJa: null,
  image: null,
  description: null,
  anime: [],
  seiyuu: [],
};

export const SEIYUU: SeiyuuDetails = {
  id: 21,
  name: 'Romi Park',
  nameRu: 'Роми Паку',
  nameJa: '朴璐美',
  image: svgPoster('Роми', 200),
  roles: [
    { character: makeCharacter(1), anime: animeSummary(1) },
    { character: { id: 31, name: 'Hange Zoë', nameRu: 'Ханджи Зоэ', image: null }, anime: animeSummary(2) },
    { character: { id: 32, name: 'Temari', nameRu: 'Тэмари', image: UNREACHABLE_IMAGE }, anime: animeSummary(8) },
  ],
};

export const COLLECTION: CollectionDetails = {
  id: 7,
  title: 'Лучшее для летнего вечера',
  description: 'Тёплые и светлые истории, которые хочется пересматривать.\nБез спешки, с чаем и открытым окном.',
  cover: svgPoster('Лето', 20),
  featured: true,
  animeCount: 12,
  anime: animeList(12),
  createdAt: '2024-06-01T00:00:00.000Z',
  updatedAt: '2024-06-02T00:00:00.000Z',
};

export const toCollection = ({ anime: _anime, ...collection }: CollectionDetails): Collection => collection;

export const COLLECTIONS: Collection[] = [
  toCollection(COLLECTION),
  { ...toCollection(COLLECTION), id: 8, title: 'Классика девяностых', featured: false, cover: null, animeCount: 5 },
  { ...toCollection(COLLECTION), id: 9, title: 'Для первого знакомства с аниме', featured: true, cover: UNREACHABLE_IMAGE, animeCount: 21 },
];

export const SUGGESTIONS: Suggestion[] = animeList(3, 8).map((anime) => suggestion(anime));
