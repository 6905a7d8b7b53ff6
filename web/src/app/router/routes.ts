import { APP_STRINGS } from '../strings';

const { sections } = APP_STRINGS;

export interface SectionRoute {
  path: string;
  section: string;
  adminOnly?: boolean;
}

/** Main-layout routes of SPEC.md section 2 whose screens later issues build. */
export const MAIN_LAYOUT_SECTIONS: readonly SectionRoute[] = [{ path: 'anime/:animeId/review/:reviewId', section: sections.review }];
