import { NavLink } from 'react-router-dom';
import { dispatchOpenChat } from '../../shared/events/open-chat';
import { Icon } from '../../shared/ui/Icon';
import { APP_STRINGS } from '../strings';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'bottom-bar__item bottom-bar__item--active' : 'bottom-bar__item');

/** Phone-only navigation (below 768 px); "Чат" fires the global `portal:open-chat` event. */
export function MobileBottomBar() {
  return (
    <nav className="bottom-bar" aria-label={APP_STRINGS.bottomNavLabel}>
      <NavLink to="/" end className={linkClass}>
        <Icon name="home" />
        {APP_STRINGS.nav.home}
      </NavLink>
      <NavLink to="/catalog" className={linkClass}>
        <Icon name="catalog" />
        {APP_STRINGS.nav.catalog}
      </NavLink>
      <NavLink to="/amv" className={linkClass}>
        <Icon name="music" />
        {APP_STRINGS.nav.amv}
      </NavLink>
      <button type="button" className="bottom-bar__item" onClick={() => dispatchOpenChat('bottom-bar')}>
        <Icon name="chat" />
        {APP_STRINGS.nav.chat}
      </button>
      <NavLink to="/profile" className={linkClass}>
        <Icon name="user" />
        {APP_STRINGS.nav.profile}
      </NavLink>
    </nav>
  );
}
