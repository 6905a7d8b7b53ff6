/** Transport-level error texts of SPEC.md section 8. */
export const API_STRINGS = {
  emptyBody: 'Сервер вернул пустой ответ',
  badFormat: 'Сервер вернул неверный формат ответа',
  unreachable: 'Не удалось подключиться к серверу. Проверьте, запущен ли сервер.',
} as const;
