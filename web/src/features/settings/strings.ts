import { formatCount, type PluralForms } from '../../shared/lib/plural';

const ENTRIES: PluralForms = ['запись', 'записи', 'записей'];

export const SETTINGS_STRINGS = {
  title: 'Настройки',
  intro: 'Как вас видят другие и как ведёт себя плеер.',
  loading: 'Загружаем настройки...',
  saving: 'Сохраняем...',
  savedTitle: 'Сохранено',
  saveFailedTitle: 'Не удалось сохранить',

  profile: {
    title: 'Профиль',
    displayName: 'Отображаемое имя',
    displayNameHint: (username: string) => `Ник для входа и ссылки на профиль не меняется: @${username}`,
    displayNameRequired: 'Введите отображаемое имя',
    save: 'Сохранить',
    saved: 'Имя обновлено',
  },

  media: {
    title: 'Аватар и баннер',
    hint: 'PNG, JPEG, WebP, GIF или WebM. Анимированные GIF и WebM так и показываются — в движении.',
    avatar: 'Аватар',
    banner: 'Баннер профиля',
    current: (label: string) => `${label}: сейчас`,
    chosen: (label: string) => `${label}: новый, ещё не загружен`,
    choose: (label: string) => `Выбрать файл (${label.toLowerCase()})`,
    limit: (size: string) => `До ${size}`,
    upload: 'Загрузить',
    uploading: 'Загружаем...',
    cancel: 'Отмена',
    uploaded: { avatar: 'Аватар обновлён', banner: 'Баннер обновлён' },
    uploadFailed: 'Не удалось загрузить файл',
    remove: { avatar: 'Удалить аватар', banner: 'Удалить баннер' },
    removeTitle: { avatar: 'Удалить аватар?', banner: 'Удалить баннер?' },
    removeText: 'Вместо него будет показана картинка по умолчанию. Новый файл можно загрузить в любой момент.',
    removeConfirm: 'Удалить',
    removing: 'Удаляем...',
    keep: 'Оставить',
    removed: { avatar: 'Аватар удалён', banner: 'Баннер удалён' },
    removeFailed: 'Не удалось удалить файл',
    animated: 'анимированный',
    noPreview: (name: string) => `Выбран файл ${name}`,
  },

  validation: {
    type: (label: string) => `${label}: подходят только изображения PNG, JPEG, WebP, GIF или видео WebM`,
    tooLarge: (label: string, size: string) => `${label} слишком большой: не больше ${size}`,
    empty: 'Файл пуст',
  },

  telegram: {
    title: 'Уведомления в Telegram',
    hint: 'Бот пришлёт сообщение, когда выйдет заказанное вами аниме и когда проверят вашу рецензию.',
    notices: 'Присылать уведомления в Telegram',
    saved: 'Настройка уведомлений сохранена',
  },

  playback: {
    title: 'Просмотр',
    skipOpening: 'Пропускать опенинги автоматически',
    skipEnding: 'Пропускать эндинги автоматически',
    saved: 'Настройка плеера сохранена',
  },

  lists: {
    title: 'Импорт и экспорт списка',
    importTitle: 'Импорт',
    importHint: 'Файл экспорта MyAnimeList (XML, можно .xml.gz) или Shikimori (JSON), до 5 МБ. Повторный импорт того же файла ничего не меняет.',
    file: 'Файл списка',
    format: 'Формат файла',
    formats: { mal: 'MyAnimeList (XML)', shikimori: 'Shikimori (JSON)' },
    chooseFile: 'Сначала выберите файл списка',
    import: 'Импортировать',
    importing: 'Импортируем список...',
    importFailed: 'Импорт не удался',
    reportTitle: 'Импорт завершён',
    imported: 'Добавлено',
    updated: 'Обновлено',
    unchanged: 'Без изменений',
    skipped: 'Пропущено',
    entries: (count: number) => formatCount(count, ENTRIES),
    summary: (imported: number, updated: number, unchanged: number, skipped: number) =>
      `Добавлено: ${imported}, обновлено: ${updated}, без изменений: ${unchanged}, пропущено: ${skipped}`,
    skippedTitle: 'Пропущенные записи',
    skippedLine: (line: number, title: string | null, reason: string) => `Строка ${line}${title ? ` — «${title}»` : ''}: ${reason}`,
    noTitle: 'без названия',
    exportTitle: 'Экспорт',
    exportHint: 'Файл, который принимают MyAnimeList и Shikimori.',
    exportMal: 'Скачать для MyAnimeList (XML)',
    exportShikimori: 'Скачать для Shikimori (JSON)',
    exporting: 'Готовим файл...',
    exported: (filename: string) => `Файл ${filename} скачан`,
    exportFailed: 'Не удалось скачать список',
  },
} as const;
