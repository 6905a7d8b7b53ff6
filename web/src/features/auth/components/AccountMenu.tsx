import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { PublicUser } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../shared/ui/Avatar';
import { UserName } from '../../../shared/ui/UserName';
import { AUTH_STRINGS } from '../strings';

export interface AccountMenuProps {
  user: Pick<PublicUser, 'username' | 'displayName' | 'avatar' | 'rank'>;
  onSignOut(): void;
}

export function AccountMenu({ user, onSignOut }: AccountMenuProps) {
  const name = user.displayName || user.username;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="account-trigger" aria-label={AUTH_STRINGS.accountMenuLabel(user.username)}>
        <Avatar src={user.avatar} alt="" sizePx={36} />
        <span className="account-trigger__name">
          <UserName name={name} />
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
          <div className="account-card">
            <Avatar src={user.avatar} alt="" sizePx={48} />
            <div>
              <div className="account-card__name">
                <UserName name={name} />
              </div>
              <div className="muted">
                <UserName name={`@${user.username}`} />
              </div>
              {user.rank ? <div className="account-card__rank">{AUTH_STRINGS.accountRank(user.rank)}</div> : null}
            </div>
          </div>
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item asChild className="menu__item">
            <Link to="/profile">{AUTH_STRINGS.myProfile}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="menu__item">
            <Link to="/my-amv-playlist">{AUTH_STRINGS.myAmvPlaylist}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" onSelect={onSignOut}>
            {AUTH_STRINGS.signOut}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
