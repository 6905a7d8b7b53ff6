/** Russian messages of the metadata sync's outcomes (the request rules' messages are in the contracts' catalogue schemas). */
export const METADATA_MESSAGES = {
  noTitleWithShikimoriId: 'В каталоге нет аниме с таким Shikimori id',
  shikimoriUnavailable: 'Shikimori временно недоступен, попробуйте позже',
  notFoundOnShikimori: 'Нет на Shikimori (404)',
} as const;
