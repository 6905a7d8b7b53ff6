import { isAdminUser, type SelfUser } from '@portal/contracts';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { usePageSettled } from '../../shared/lib/page-settled';
import { Avatar } from '../../shared/ui/Avatar';
import { Button } from '../../shared/ui/Button';
import { UserName } from '../../shared/ui/UserName';
import { APP_STRINGS } from '../strings';
import { ADMIN_NAV_ITEM, MAIN_NAV_ITEMS } from './navigation';
import { useTvNavigation } from './useTvNavigation';

// Guests never need the menu (Radix menu + positioning), so it loads only for a signed-in user.
const AccountMenu = lazy(() => import('../../features/auth/components/AccountMenu').then((module) => ({ default: module.AccountMenu })));
// The notification bell (socket, popover) is a signed-in user's too: its own chunk, loaded once the page has settled.
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/NotificationBell').then((module) => ({ default: module.NotificationBell })),
);

export interface HeaderProps {
  user: SelfUser | null;
  onSignInClick(): void;
  onSignOut(): void;
  /** Starts with the mobile menu expanded (stories). */
  defaultMenuOpen?: boolean;
}

export function Header({ user, onSignInClick, onSignOut, defaultMenuOpen = false }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(defaultMenuOpen);
  const navigate = useNavigate();
  const items = user && isAdminUser(user) ? [...MAIN_NAV_ITEMS, ADMIN_NAV_ITEM] : MAIN_NAV_ITEMS;
  const activateTvItem = useCallback(
    (index: number) => {
      const item = MAIN_NAV_ITEMS[index];
      if (item) navigate(item.to);
    },
    [navigate],
  );
  const tvIndex = useTvNavigation(activateTvItem);
  const settled = usePageSettled();

  return (
    <header className="header">
      <div className="header__inner">
        <Link to="/" className="brand" onClick={() => setMenuOpen(false)}>
          <span className="brand__mark" aria-hidden="true">
            A
          </span>
          {APP_STRINGS.brand}
        </Link>
        <button
          type="button"
          className="header__toggle"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          aria-label={menuOpen ? APP_STRINGS.menuClose : APP_STRINGS.menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" className="header__toggle-bars" data-open={menuOpen} />
        </button>
        <nav id="main-nav" className={menuOpen ? 'nav nav--open' : 'nav'} aria-label={APP_STRINGS.mainNavLabel}>
          <ul className="nav__list">
            {items.map((item, index) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={({ isActive }) =>
                    ['nav__link', isActive && 'nav__link--active', tvIndex === index && 'nav__link--tv-focus'].filter(Boolean).join(' ')
                  }
                  data-tv-index={index}
                  onClick={() => setMenuOpen(false)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header__account">
          {user ? (
            <>
              {/* Each piece keeps its place while its code loads, so nothing in the header moves when it arrives. */}
              <Suspense fallback={<span className="header__bell-slot" aria-hidden="true" />}>
                {settled ? <NotificationBell /> : <span className="header__bell-slot" aria-hidden="true" />}
              </Suspense>
              <Suspense
                fallback={
                  <span className="account-trigger" aria-hidden="true">
                    <Avatar src={user.avatar} alt="" sizePx={36} />
                    <span className="account-trigger__name">
                      <UserName name={user.displayName || user.username} />
                    </span>
                  </span>
                }
              >
                <AccountMenu user={user} onSignOut={onSignOut} />
              </Suspense>
            </>
          ) : (
            <Button size="small" onClick={onSignInClick}>
              {APP_STRINGS.signIn}
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
