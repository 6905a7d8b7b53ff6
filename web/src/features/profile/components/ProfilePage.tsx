import { useSession } from '../../../shared/session/session-context';
import { Spinner } from '../../../shared/ui/Spinner';
import { PROFILE_STRINGS } from '../strings';
import { ProfileView, type ProfilePageSlots } from './ProfileView';

/** /profile: the signed-in viewer's own profile and lists (the route sits behind the access guard). */
export default function ProfilePage({ slots }: { slots?: ProfilePageSlots }) {
  const { user } = useSession();
  if (!user) {
    return (
      <div className="page state-panel">
        <Spinner label={PROFILE_STRINGS.loading} />
      </div>
    );
  }
  return <ProfileView user={user} owner={null} slots={slots} />;
}
