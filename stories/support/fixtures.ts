export { CAPTCHA, NEXT_CAPTCHA, makeAdmin, makeUser } from '../../web/src/test/fixtures';
export { fail, ok } from '../../web/src/test/mock-api';
import { makeAdmin, makeUser } from '../../web/src/test/fixtures';

export const userSession = { token: 'story-token', user: makeUser() };
export const adminSession = { token: 'story-admin-token', user: makeAdmin() };
