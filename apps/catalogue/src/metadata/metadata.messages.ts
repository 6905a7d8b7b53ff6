/** Russian messages of the metadata sync (admin screens show them as they are). */
export const METADATA_MESSAGES = {
  shikimoriId: 'Shikimori id должен быть положительным целым числом',
  shikimoriIdsList: 'shikimoriIds: ожидается список Shikimori id',
  tooManyIds: 'Не больше 1000 Shikimori id за раз',
  nothingToSync: 'Укажите shikimoriIds или all: true',
  kodikId: 'kodikId: ожидается идентификатор Kodik (латинские буквы, цифры, - и _)',
  backgroundUrl: 'Ссылка на фон должна начинаться с https:// или http://',
  noTitleWithShikimoriId: 'В каталоге нет аниме с таким Shikimori id',
  shikimoriUnavailable: 'Shikimori временно недоступен, попробуйте позже',
  notFoundOnShikimori: 'Нет на Shikimori (404)',
} as const;
