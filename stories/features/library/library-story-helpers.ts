export * from '../../../web/src/features/library/testing/library-fixtures';
export { AT_375, PENDING, animeDetails } from '../catalogue/catalogue-story-helpers';
export { recorder } from '../player/player-story-helpers';
