import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { Button } from '../../../shared/ui/Button';
import { Spinner } from '../../../shared/ui/Spinner';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { useSession } from '../../../shared/session/session-context';
import { ApiError } from '../../../shared/api/api-error';
import { useWatchPartyEpisodes, useWatchPartyRoom, useWatchPartyTitle } from '../api/watch-party-api';
import { useWatchPartyConnection } from '../hooks/useWatchPartyConnection';
import { useHlsSource } from '../../../shared/video/use-hls-source';
import type { VideoSourceHook } from '../lib/video-source';
import { WATCH_PARTY_STRINGS as S } from '../strings';
import { WatchPartyRoomView } from './WatchPartyRoomView';
import '../watch-party.css';

export interface WatchPartyPageProps {
  /** Attaches the stream; the shared HLS hook unless a story or test fakes it. */
  useVideoSource?: VideoSourceHook;
}

/** `/watch-party/:roomId`: checks the room exists, then joins it over the socket. */
export function WatchPartyPage(props: WatchPartyPageProps) {
  return (
    <div className="page">
      <WatchPartyPageBody {...props} />
    </div>
  );
}

function WatchPartyPageBody({ useVideoSource = useHlsSource }: WatchPartyPageProps) {
  const { roomId = '' } = useParams();
  const { user, token } = useSession();
  const signedIn = user !== null && token !== null;
  const initial = useWatchPartyRoom(roomId, signedIn);
  const connection = useWatchPartyConnection(roomId, signedIn && initial.isSuccess ? token : null, user?.id ?? null);
  const animeId = connection.room?.animeId ?? initial.data?.animeId ?? null;
  const title = useWatchPartyTitle(animeId);
  const episodes = useWatchPartyEpisodes(animeId);

  if (!signedIn || connection.status === 'unauthorized') {
    return <StatePanel title={S.needsLoginTitle} text={S.needsLoginText} actions={<ButtonLink to="/login">{S.signIn}</ButtonLink>} />;
  }
  const notFound = (initial.error instanceof ApiError && initial.error.status === 404) || connection.status === 'not-found';
  if (notFound) {
    return <StatePanel title={S.notFoundTitle} text={S.notFoundText} actions={<ButtonLink to="/catalog">{S.toCatalogue}</ButtonLink>} />;
  }
  if (initial.isError) {
    return <StatePanel title={S.loadErrorTitle} text={initial.error.message} actions={<Button onClick={() => void initial.refetch()}>{S.retry}</Button>} />;
  }
  if (initial.isPending) return <Spinner label={S.loading} />;
  if (!connection.room) return <Spinner label={S.connecting} />;
  return (
    <WatchPartyRoomView
      connection={connection}
      myUserId={user.id}
      title={title.data ? (title.data.titleRu ?? title.data.title) : null}
      episodes={episodes.data?.episodes ?? (episodes.isError ? [] : null)}
      useVideoSource={useVideoSource}
    />
  );
}

export default WatchPartyPage;
