import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { PageNotFound } from '../../../shared/ui/PageNotFound';
import { Spinner } from '../../../shared/ui/Spinner';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { publicUserQuery } from '../api/profile-api';
import { PROFILE_STRINGS } from '../strings';
import { ProfileView, type ProfilePageSlots } from './ProfileView';
import '../profile.css';

const S = PROFILE_STRINGS;

/** /user/:username: anyone's public profile and lists. */
export default function UserProfilePage({ slots }: { slots?: ProfilePageSlots }) {
  const username = useParams().username ?? '';
  const user = useQuery({ ...publicUserQuery(username), enabled: username !== '' });
  if (username === '' || (user.isError && isApiError(user.error) && user.error.status === 404)) {
    return <PageNotFound title={S.notFoundTitle} text={S.notFoundText} backTo="/" backLabel={S.toHome} />;
  }
  if (user.isError) {
    return (
      <div className="page">
        <StatePanel
          title={S.loadFailedTitle}
          text={user.error.message}
          actions={
            <Button variant="secondary" onClick={() => void user.refetch()}>
              {S.retry}
            </Button>
          }
        />
      </div>
    );
  }
  if (user.isPending) {
    return (
      <div className="page state-panel" aria-busy="true">
        <Spinner label={S.loading} />
      </div>
    );
  }
  // Keyed by the user: another profile starts on its own tabs' state.
  return <ProfileView key={user.data.username} user={user.data} owner={user.data.username} slots={slots} />;
}
