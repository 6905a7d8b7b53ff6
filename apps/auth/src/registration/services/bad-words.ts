// The filter lives in libs/platform: comments mask the same words (docs/community.md).
export { containsBadWord } from '@portal/platform';
