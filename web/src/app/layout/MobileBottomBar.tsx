import { NavLink } from 'react-router-dom';
import { chatBadgeText, useChatUnread } from '../../shared/events/chat-unread';
import { dispatchOpenChat } from '../../shared/events/open-chat';
import { Icon } from '../../shared/ui/Icon';
import { APP_STRINGS } from '../strings';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'bottom-bar__item bottom-bar__item--active' : 'bottom-bar__item');

/** Phone-only navigation (below 768 px); "Чат" fires the global `portal:open-chat` event. */
export function MobileBottomBar() {
  const unread = useChatUnread();
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
      <button
        type="button"
        className="bottom-bar__item"
        aria-label={unread > 0 ? APP_STRINGS.bottomBarChatWithUnread(unread) : undefined}
        onClick={() => dispatchOpenChat('bottom-bar')}
      >
        <span className="bottom-bar__icon">
          <Icon name="chat" />
          {unread > 0 ? (
            <span className="bottom-bar__badge" aria-hidden="true">
              {chatBadgeText(unread)}
            </span>
          ) : null}
        </span>
        {APP_STRINGS.nav.chat}
      </button>
      <NavLink to="/profile" className={linkClass}>
        <Icon name="user" />
        {APP_STRINGS.nav.profile}
      </NavLink>
    </nav>
  );
}
