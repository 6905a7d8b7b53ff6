import { formatCount } from '../../shared/lib/plural';
import { PLURAL } from './strings';

/** Russian texts of the admin's title tools: create, delete, posters, the parser, backgrounds. */
export const ADMIN_STRINGS = {
  fields: {
    idShiki: 'ID Shikimori',
  },

  animePanel: {
    title: 'Тайтлы',
    description: 'Новые тайтлы и постеры с Shikimori. Править и удалять тайтл — на его странице, кнопкой «Редактировать».',
    create: 'Новый тайтл',
  },

  create: {
    title: 'Новый тайтл',
    description: 'Обязательно только название. С ID Shikimori остальное подтянет синхронизация.',
    submit: 'Создать',
    submitting: 'Создаём...',
    cancel: 'Отмена',
    createdTitle: 'Тайтл создан',
    created: (title: string) => `«${title}» добавлен в каталог.`,
    open: 'Открыть страницу тайтла',
    another: 'Добавить ещё',
  },

  posters: {
    title: 'Постеры',
    description: 'Тайтлы с ID Shikimori, у которых нет постера, встанут в очередь синхронизации.',
    update: 'Обновить постеры',
    updating: 'Ставим в очередь...',
    queued: (count: number) => `Поставлено в очередь: ${formatCount(count, PLURAL.titles)}. Ход — в панели синхронизации.`,
    nothing: 'У всех тайтлов с ID Shikimori уже есть постер.',
    failed: 'Не удалось обновить постеры',
  },

  parser: {
    title: 'Парсер',
    description:
      'Сохранит ID Kodik у тайтла с этим ID Shikimori (плеер подставляет его в ссылку на видео) и поставит тайтл в очередь синхронизации с Shikimori.',
    kodikId: 'ID Kodik',
    submit: 'Запустить',
    submitting: 'Ставим в очередь...',
    shikimoriIdRequired: 'Укажите ID Shikimori',
    shikimoriIdInvalid: 'ID Shikimori должен быть положительным целым числом',
    kodikIdInvalid: 'ID Kodik: латинские буквы, цифры, - и _ (не больше 100 символов)',
    queued: (jobId: string) => `Задача поставлена в очередь (№ ${jobId})`,
    failed: 'Не удалось запустить парсер',
  },

  remove: {
    action: 'Удалить тайтл',
    confirm: 'Удалить навсегда?',
    confirmText: (title: string) => `«${title}» пропадёт из каталога. Отменить это нельзя.`,
    confirmButton: 'Удалить навсегда',
    deleting: 'Удаляем...',
    cancel: 'Отмена',
    failed: 'Не удалось удалить тайтл',
    deletedTitle: 'Тайтл удалён',
    deleted: (title: string) => `«${title}» больше нет в каталоге.`,
  },

  background: {
    title: 'Фон',
    current: 'Текущий фон',
    none: 'Фон не задан.',
    search: 'Найти изображения',
    searching: 'Ищем изображения...',
    searchFailed: 'Не удалось найти изображения',
    empty: 'Кадров на Shikimori нет: у тайтла нет ID Shikimori или Shikimori его не знает.',
    choices: 'Кадры с Shikimori',
    choice: (index: number) => `Кадр ${index}`,
    apply: 'Сделать фоном',
    applying: 'Отправляем...',
    queued: 'Фон в очереди: он появится через несколько секунд.',
    applied: 'Фон обновлён.',
    applyFailed: 'Не удалось сменить фон',
  },
} as const;
