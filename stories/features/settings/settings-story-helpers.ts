import { fireEvent } from 'storybook/test';
import { makeUser, ok } from '../../support/fixtures';
import type { MockRequest } from '../../../web/src/test/mock-api';

export { PENDING } from '../catalogue/catalogue-story-helpers';
export { recorder } from '../player/player-story-helpers';

/** A picked file of any claimed size (the bytes do not matter to the page, the server checks content). */
export function pickedFile(name: string, type: string, size = 40 * 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/**
 * Puts `file` into a file input as the browser would, whatever its `accept` says (a user can always
 * choose "all files"): the page must still refuse a wrong type.
 */
export function chooseFile(input: HTMLElement, file: File) {
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  fireEvent.change(input);
}

/**
 * jsdom has no object URLs: stories that preview a chosen file get a stand-in for the story's length.
 * Returned as a `beforeEach` (its cleanup restores the original).
 */
export function withObjectUrls() {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob | MediaSource) => `blob:preview/${blob instanceof File ? blob.name : 'file'}`;
  URL.revokeObjectURL = () => undefined;
  return () => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  };
}

/** The user the settings stories start with, and the answer of a profile change (the body applied to them). */
export const settingsUser = makeUser({ displayName: 'Сакура', username: 'sakura' });
export const profileAnswer = (request: MockRequest) => ok({ ...settingsUser, ...(request.body as object) });
export const settingsSession = { token: 'story-token', user: settingsUser };
