import type { PublicUser } from '@portal/contracts';
import { resolveAvatarUrl, resolveBannerUrl } from '../../../shared/lib/asset-url';
import { useSession } from '../../../shared/session/session-context';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { ReportButton } from '../../../shared/ui/ReportButton';
import { UserName } from '../../../shared/ui/UserName';
import { PROFILE_STRINGS } from '../strings';
import { ProfileMedia } from './ProfileMedia';

const S = PROFILE_STRINGS;

/** Banner, avatar, names and rank; the owner also gets a way to the settings, another signed-in user «Пожаловаться». */
export function ProfileHeader({ user, own }: { user: PublicUser; own: boolean }) {
  const name = user.displayName || user.username;
  const { user: viewer } = useSession();
  return (
    <header className="profile-header">
      <ProfileMedia className="profile-header__banner" src={resolveBannerUrl(user.profileBanner)} alt={S.bannerAlt(name)} />
      <div className="profile-header__body">
        <ProfileMedia className="profile-header__avatar" src={resolveAvatarUrl(user.avatar)} alt={S.avatarAlt(name)} />
        <div className="profile-header__names">
          <h1 className="profile-header__name">
            <UserName name={name} />
          </h1>
          <p className="profile-header__meta">
            <span>
              <UserName name={`@${user.username}`} />
            </span>
            {user.rank ? <span>{S.rank(user.rank)}</span> : null}
          </p>
        </div>
        {own ? (
          <ButtonLink to="/settings" variant="secondary" className="profile-header__settings">
            {S.settings}
          </ButtonLink>
        ) : null}
        {!own && viewer && viewer.id !== user.id ? <ReportButton target={{ type: 'user', id: user.id }} className="profile-header__report" /> : null}
      </div>
    </header>
  );
}
