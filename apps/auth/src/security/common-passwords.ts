import { dictionary } from '@zxcvbn-ts/language-common';

// The zxcvbn-ts list of ~49k passwords seen most often in breaches.
const COMMON = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
