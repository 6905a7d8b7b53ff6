import { EPISODE_UPLOAD_MESSAGES } from '@portal/contracts';

/** Every Russian text of the «Серии» admin screen of a title (docs/media.md, «Uploading episodes»). */
export const EPISODES_ADMIN_STRINGS = {
  title: 'Серии',
  titleOf: (title: string) => `Серии — ${title}`,
  backToTitle: '← К странице аниме',
  loading: 'Загрузка серий...',
  errorTitle: 'Не удалось загрузить серии',
  retry: 'Повторить',
  notFoundTitle: 'Аниме не найдено',
  notFoundText: 'Возможно, ссылка устарела или тайтл удалён из каталога.',
  toCatalogue: 'В каталог',

  upload: {
    title: 'Загрузить серию',
    hint: 'MP4, MKV или WebM. Если загрузка прервалась, выберите тот же файл снова: она продолжится с того места, где остановилась.',
    numberLabel: 'Номер серии',
    fileLabel: 'Видеофайл',
    accept: 'video/mp4,video/x-matroska,video/webm,.mkv',
    start: 'Загрузить',
    pause: 'Пауза',
    resume: 'Продолжить',
    cancel: 'Отменить',
    cancelLabel: 'Отменить загрузку',
    progressLabel: 'Загрузка файла',
    fileMissing: 'Выберите видеофайл',
    badNumber: EPISODE_UPLOAD_MESSAGES.badNumber,
    notVideo: EPISODE_UPLOAD_MESSAGES.notVideo,
    /** «episode05.mkv, серия 5». */
    fileOf: (fileName: string, number: number) => `${fileName}, серия ${number}`,
    /** «42 % · 126,0 из 300,0 МБ». */
    progress: (percent: number, sentMb: string, totalMb: string) => `${percent} % · ${sentMb} из ${totalMb} МБ`,
    paused: 'Пауза',
    starting: 'Подготовка загрузки...',
    failed: 'Не удалось загрузить файл. Проверьте соединение и попробуйте ещё раз.',
    doneTitle: (number: number) => `Серия ${number} загружена`,
    doneText: 'Файл проверен и поставлен в очередь на обработку.',
  },

  sources: {
    title: 'Загрузки',
    empty: 'Загрузок пока нет.',
    listLabel: 'Загрузки серий',
    item: (number: number, fileName: string) => `Серия ${number} · ${fileName}`,
    resolution: (width: number, height: number) => `${width}×${height}`,
    audioLabel: 'Аудио',
    noAudio: 'без звука',
    /** An audio stream without tags: its place among the file's streams. */
    track: (index: number) => `дорожка ${index + 1}`,
    states: {
      queued: 'В очереди',
      transcoding: (percent: number, eta: string | null) => (eta ? `Обработка ${percent} % · осталось ${eta}` : `Обработка ${percent} %`),
      ready: (qualities: string) => (qualities ? `Готово · ${qualities}` : 'Готово'),
      failed: (error: string | null) => `Ошибка: ${error || 'причина неизвестна'}`,
      cancelled: 'Отменено',
    },
    /** Seconds left, roughly: «~1 мин», «~1 ч 5 мин». */
    eta: (seconds: number) => {
      const minutes = Math.max(1, Math.round(seconds / 60));
      if (minutes < 60) return `~${minutes} мин`;
      const hours = Math.floor(minutes / 60);
      const rest = minutes % 60;
      return rest ? `~${hours} ч ${rest} мин` : `~${hours} ч`;
    },
    progressLabel: (number: number) => `Обработка серии ${number}`,
    cancel: 'Отменить',
    cancelLabel: (number: number) => `Отменить обработку серии ${number}`,
    retry: 'Повторить',
    retryLabel: (number: number) => `Повторить обработку серии ${number}`,
    pending: 'Сохранение...',
  },

  episodes: {
    title: 'Серии на сайте',
    empty: 'Серий пока нет: загрузите первую.',
    columns: {
      number: '№',
      title: 'Название',
      duration: 'Длительность',
      qualities: 'Качество',
      origin: 'Источник',
      markers: 'Опенинг и эндинг',
      status: 'Статус',
      actions: 'Действия',
    },
    noValue: '—',
    origins: { samples: 'Демо', upload: 'Загружено' },
    published: 'Опубликована',
    hidden: 'Скрыта',
    samplesAlwaysPublished: 'Демо-серии всегда опубликованы',
    publish: 'Опубликовать',
    publishLabel: (number: number) => `Опубликовать серию ${number}`,
    hide: 'Скрыть',
    hideLabel: (number: number) => `Скрыть серию ${number}`,
    pending: 'Сохранение...',
    watch: 'Смотреть',
    watchLabel: (number: number) => `Смотреть серию ${number}`,
  },

  /** An episode's opening and ending: the list's line and badge, and the editor. */
  markers: {
    names: { opening: 'Опенинг', ending: 'Эндинг' },
    none: 'нет',
    origins: { detected: 'найдено по звуку', manual: 'исправлено вручную' },
    originHints: {
      detected: 'Найдено автоматически по совпадающей музыке в сериях тайтла',
      manual: 'Задано вручную: автоматический поиск эти отметки больше не меняет',
    },
    edit: 'Изменить отметки',
    editLabel: (number: number) => `Изменить отметки серии ${number}`,
    dialogTitle: (number: number) => `Опенинг и эндинг серии ${number}`,
    description: 'Время от начала серии: м:сс или ч:мм:сс, например 1:35. Исправленные вручную отметки автоматический поиск больше не меняет.',
    durationHint: (duration: string) => `Длительность серии ${duration}`,
    noneOf: { opening: 'Нет опенинга', ending: 'Нет эндинга' },
    startOf: { opening: 'Начало опенинга', ending: 'Начало эндинга' },
    endOf: { opening: 'Конец опенинга', ending: 'Конец эндинга' },
    placeholder: 'м:сс',
    timeRequired: 'Укажите время',
    badTime: 'Время в виде м:сс или ч:мм:сс, например 1:35',
    badSpan: EPISODE_UPLOAD_MESSAGES.badSpan,
    spanPastEnd: EPISODE_UPLOAD_MESSAGES.spanPastEnd,
    save: 'Сохранить',
    pending: 'Сохранение...',
  },

  /** ISO 639-2 codes ffprobe reads from the `language` tag, in Russian; others are shown as they are. */
  languages: {
    jpn: 'японский',
    rus: 'русский',
    eng: 'английский',
    chi: 'китайский',
    zho: 'китайский',
    kor: 'корейский',
    ger: 'немецкий',
    deu: 'немецкий',
    fre: 'французский',
    fra: 'французский',
    spa: 'испанский',
    ita: 'итальянский',
    ukr: 'украинский',
    und: 'язык не указан',
  } as Record<string, string | undefined>,
} as const;
