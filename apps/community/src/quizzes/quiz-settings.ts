export const QUIZ_SETTINGS = Symbol('QUIZ_SETTINGS');

export interface QuizSettings {
  /** A result at this share of right answers or more is a success (QUIZ_SUCCESS_SHARE). */
  successShare: number;
}
