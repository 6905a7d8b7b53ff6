import { CARD_RARITY_LABELS, type CardRarity, type PointKind } from '@portal/contracts';
import { formatCount, pluralRu } from '../../shared/lib/plural';

const points = (value: number) => formatCount(value, ['очко', 'очка', 'очков']);
const cards = (value: number) => formatCount(value, ['карточка', 'карточки', 'карточек']);
const rarity = (value: string) => CARD_RARITY_LABELS[value as CardRarity] ?? value;

export const REWARD_STRINGS = {
  title: 'Вы получили карточку!',
  text: 'Поздравляем! Вам выпала уникальная карточка.',
  claim: 'Забрать?',
  imageAlt: 'Полученная карточка',
  videoLabel: 'Анимированная карточка',
  duplicate: (value: number) => `Такая карточка у вас уже есть — она превратилась в ${points(value)}.`,
  more: (count: number) => `Ещё ${cards(count)} ${pluralRu(count, ['ждёт', 'ждут', 'ждут'])} своей очереди.`,
  newRankTitle: (rank: string) => `Новый ранг: ${rank}`,
  newRankText: 'Так держать! Ранг виден в меню профиля.',
} as const;

export const CARDS_STRINGS = {
  tab: 'Карточки',
  heading: 'Коллекция карточек',
  loading: 'Загружаем карточки...',
  loadError: 'Не удалось загрузить карточки',
  progress: (collected: number, total: number) => `Собрано ${collected} из ${total}`,
  emptyCatalogue: 'Карточек пока нет: они появятся вместе с первыми наградами.',
  emptyOwn: 'У вас пока нет карточек. Они выпадают за регистрацию, рецензии, список и просмотр — а ещё в рулетке.',
  emptyOther: 'У пользователя пока нет карточек.',
  filterLabel: 'Редкость',
  filterAll: 'Все',
  rarity,
  rarityName: CARD_RARITY_LABELS,
  count: (value: number) => `×${value}`,
  countLabel: (value: number) => `Экземпляров: ${value}`,
  missing: 'Ещё не получена',
  missingLabel: (title: string) => `${title}: ещё не получена`,
  cardLabel: (title: string, rarityName: string) => `${title}, ${rarityName}`,
  retired: 'Больше не выпадает',
  gridLabel: 'Карточки коллекции',
  noneOfRarity: 'Карточек этой редкости нет.',
  openCard: (title: string) => `Открыть карточку «${title}»`,
} as const;

export const CARD_PAGE_STRINGS = {
  loading: 'Загружаем карточку...',
  loadError: 'Не удалось загрузить карточку',
  notFoundTitle: 'Карточка не найдена',
  notFoundText: 'Такой карточки нет. Возможно, ссылка устарела.',
  toCollection: 'К моей коллекции',
  rarity: (value: string) => `Редкость: ${rarity(value)}`,
  ownersTitle: 'У кого она есть',
  ownersCount: (count: number) => `Карточка есть у ${count} ${pluralRu(count, ['пользователя', 'пользователей', 'пользователей'])}`,
  ownersEmpty: 'Эту карточку ещё никто не получил.',
  ownerCount: (count: number) => `${cards(count)}`,
  retired: 'Эта карточка больше не выпадает.',
} as const;

export const ACHIEVEMENTS_STRINGS = {
  tab: 'Достижения',
  heading: 'Достижения',
  loading: 'Загружаем достижения...',
  loadError: 'Не удалось загрузить достижения',
  emptyOwn: 'Достижений пока нет. Смотрите аниме каждый день, пишите рецензии и собирайте список — они появятся.',
  emptyOther: 'У пользователя пока нет достижений.',
  earned: (date: string) => `Получено ${date}`,
} as const;

export const POINTS_STRINGS = {
  heading: 'Очки',
  loading: 'Загружаем очки...',
  loadError: 'Не удалось загрузить очки',
  balance: (value: number) => `Баланс: ${points(value)}`,
  xp: (value: number) => `Опыт: ${value}`,
  rank: (value: string) => `Ранг: ${value}`,
  nextRank: (name: string, left: number) => `До ранга «${name}» осталось ${left} опыта`,
  topRank: 'Это высший ранг.',
  historyTitle: 'История',
  historyEmpty: 'Очков пока не было. Они начисляются за просмотр, рецензии, квизы и лайки ваших комментариев.',
  amount: (value: number) => (value > 0 ? `+${value}` : String(value)),
  kinds: {
    'episode.watched': 'Просмотр серии',
    'title.completed': 'Аниме просмотрено',
    'review.approved': 'Рецензия одобрена',
    'quiz.success': 'Квиз пройден',
    'comment.liked': 'Лайк комментария',
    'card.duplicate': 'Повторная карточка',
    'roulette.spin': 'Прокрутка рулетки',
  } satisfies Record<PointKind, string>,
  more: 'Показать ещё',
  moreLoading: 'Загружаем...',
} as const;

export const ROULETTE_STRINGS = {
  tab: 'Рулетка',
  heading: 'Рулетка карточек',
  loading: 'Загружаем рулетку...',
  loadError: 'Не удалось загрузить рулетку',
  price: (value: number) => `Цена прокрутки: ${points(value)}`,
  balance: (value: number) => `Ваш баланс: ${points(value)}`,
  oddsTitle: 'Шансы',
  odds: (rarityValue: string, share: number) => `${rarity(rarityValue)} — ${formatShare(share)}`,
  spin: (cost: number) => `Крутить за ${points(cost)}`,
  spinning: 'Крутится...',
  notEnough: (missing: number) => `Не хватает ${points(missing)}. Очки дают за просмотр, рецензии и квизы.`,
  reelLabel: 'Лента рулетки',
  result: (title: string, rarityValue: string) => `Выпала карточка «${title}» (${rarity(rarityValue)})!`,
  resultDuplicate: (title: string, value: number) => `Выпала карточка «${title}» — она у вас уже есть и превратилась в ${points(value)}.`,
  spinError: 'Не удалось прокрутить рулетку',
  recentTitle: 'Последние прокрутки',
  recentEmpty: 'Вы ещё не крутили рулетку.',
  recentItem: (title: string, rarityValue: string) => `${title} · ${rarity(rarityValue)}`,
  toCollection: 'К коллекции',
} as const;

export const ADMIN_CARDS_STRINGS = {
  title: 'Карточки',
  loading: 'Загружаем карточки...',
  loadError: 'Не удалось загрузить карточки',
  empty: 'Карточек пока нет. Добавьте первую.',
  listLabel: 'Карточки каталога',
  addTitle: 'Новая карточка',
  editTitle: (title: string) => `Карточка «${title}»`,
  fieldTitle: 'Название',
  fieldDescription: 'Описание',
  fieldRarity: 'Редкость',
  fieldWeight: 'Вес выпадения',
  fieldWeightHint: 'Чем больше вес, тем чаще карточка выпадает.',
  fieldFile: 'Файл карточки (PNG, JPEG, WebP или WebM)',
  fileRequired: 'Выберите файл карточки',
  titleRequired: 'Введите название',
  weightInvalid: 'Вес — целое число от 1 до 1000',
  add: 'Добавить карточку',
  adding: 'Добавляем...',
  save: 'Сохранить',
  saving: 'Сохраняем...',
  cancel: 'Отмена',
  edit: 'Изменить',
  editLabel: (title: string) => `Изменить карточку «${title}»`,
  retire: 'Снять с выпадения',
  retireLabel: (title: string) => `Снять с выпадения карточку «${title}»`,
  retireTitle: 'Снять карточку с выпадения?',
  retireText: (title: string) => `Карточка «${title}» перестанет выпадать. У тех, кто её уже получил, она останется.`,
  retirePending: 'Снимаем...',
  retired: 'не выпадает',
  created: (title: string) => `Карточка «${title}» добавлена`,
  saved: (title: string) => `Карточка «${title}» сохранена`,
  weight: (value: number) => `вес ${value}`,
} as const;

function formatShare(share: number): string {
  const percent = share * 100;
  return `${percent < 1 ? percent.toFixed(1) : Math.round(percent)}%`.replace('.', ',');
}
