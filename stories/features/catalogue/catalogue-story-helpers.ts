import { INITIAL_VIEWPORTS } from 'storybook/viewport';

export * from '../../../web/src/features/catalogue/testing/catalogue-fixtures';

/** A story at 375 px (iPhone 6/7/8 in Storybook's viewport toolbar). */
export const AT_375 = {
  parameters: { viewport: { options: INITIAL_VIEWPORTS } },
  globals: { viewport: { value: 'iphone6', isRotated: false } },
};

/** A request that never answers: the loading state stays on screen. */
export const PENDING = { hang: true } as const;
