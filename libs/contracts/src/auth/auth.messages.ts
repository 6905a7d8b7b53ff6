/** The Russian texts of SPEC.md section 5. Shared by the server (the rule) and the client (a convenience). */
export const AUTH_MESSAGES = {
  allFieldsRequired: 'Все поля обязательны для заполнения',
  usernameTooShort: 'Ник должен быть не короче 4 символов',
  usernameTooLong: 'Ник должен быть не длиннее 32 символов',
  usernameDigitsOnly: 'Ник не может состоять только из цифр',
  usernameBadWords: 'Ник содержит недопустимые слова',
  usernameTaken: 'Пользователь с таким ником уже существует',
  usernameCheckFailed: 'Ошибка проверки ника',
  usernameChecking: 'Проверка...',
  usernameFree: 'Ник свободен',
  emailInvalid: 'Некорректный email',
  emailTaken: 'Пользователь с таким email уже существует',
  passwordTooShort: 'Пароль должен быть не менее 6 символов',
  passwordTooLong: 'Пароль должен быть не длиннее 128 символов',
  passwordCommon: 'Этот пароль слишком распространён, придумайте другой',
  passwordsMismatch: 'Пароли не совпадают',
  captchaWrong: 'Неверный ответ на пример',
  agreementRequired: 'Вы должны согласиться с условиями',
  telegramRequired: 'Необходимо проверить подписку на Telegram канал',
  invalidCredentials: 'Неверный email или пароль',
  loginSuccess: 'Вы успешно вошли в систему',
  registerSuccess: 'Вы успешно зарегистрировались',
  displayNameTooLong: 'Имя должно быть не длиннее 64 символов',
  userNotFound: 'Пользователь не найден',
  ownAdminFlag: 'Нельзя снять права администратора с самого себя',
} as const;

export const USERNAME_MIN_LENGTH = 4;
export const USERNAME_MAX_LENGTH = 32;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 64;
export const CAPTCHA_MIN_OPERAND = 1;
export const CAPTCHA_MAX_OPERAND = 10;
