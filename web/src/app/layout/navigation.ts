import { APP_STRINGS } from '../strings';

export interface NavItem {
  to: string;
  label: string;
}

/** The header items in order; the first seven are the TV navigation targets (indices 0 to 6). */
export const MAIN_NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: APP_STRINGS.nav.home },
  { to: '/catalog', label: APP_STRINGS.nav.catalog },
  { to: '/quiz', label: APP_STRINGS.nav.quiz },
  { to: '/news', label: APP_STRINGS.nav.news },
  { to: '/amv', label: APP_STRINGS.nav.amv },
  { to: '/rankings', label: APP_STRINGS.nav.rankings },
  { to: '/characters', label: APP_STRINGS.nav.characters },
  { to: '/orders', label: APP_STRINGS.nav.orders },
];

export const ADMIN_NAV_ITEM: NavItem = { to: '/admin', label: APP_STRINGS.nav.admin };
