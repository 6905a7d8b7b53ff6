import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, type ComponentType } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { LinkedTitles } from '../../../shared/ui/LinkedTitles';
import { ListState } from '../../../shared/ui/ListState';
import { ReportButton } from '../../../shared/ui/ReportButton';
import { amvAdjacentQuery, amvPlaylistQuery, amvQuery } from '../api/amv-api';
import { useAddToAmvPlaylist, useCountAmvView, useToggleAmvLike } from '../hooks/useAmvMutations';
import { formatDuration } from '../lib/format';
import { AMV_STRINGS } from '../strings';
import { AmvPlayer } from './AmvPlayer';
import '../amv.css';

export interface AmvDetailSlots {
  /** The comments thread of the clip (the comments feature, target amv), composed by the app. */
  comments?: ComponentType<{ amvId: string }>;
}

function Neighbours({ id }: { id: string }) {
  const adjacent = useQuery(amvAdjacentQuery(id));
  if (adjacent.isError) return <FieldMessage message={AMV_STRINGS.adjacentError} />;
  const { previous = null, next = null } = adjacent.data ?? {};
  return (
    <nav className="amv-detail__nav" aria-label={AMV_STRINGS.title}>
      {previous ? (
        <Link to={`/amv/${previous.id}`} rel="prev">
          {AMV_STRINGS.previous} <span className="muted">{previous.title}</span>
        </Link>
      ) : null}
      {next ? (
        <Link to={`/amv/${next.id}`} rel="next">
          {AMV_STRINGS.next} <span className="muted">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}

function Actions({ id, liked, likes }: { id: string; liked: boolean; likes: number }) {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  const like = useToggleAmvLike(id);
  const playlist = useQuery({ ...amvPlaylistQuery(), enabled: signedIn });
  const add = useAddToAmvPlaylist();
  if (!signedIn) return <p className="muted">{AMV_STRINGS.addToPlaylistSignIn}</p>;
  const inPlaylist = playlist.data?.items.some((item) => item.id === id) ?? false;
  const failure = like.error ?? add.error;
  return (
    <div className="amv-detail__actions">
      <Button variant={liked ? 'primary' : 'secondary'} size="small" aria-pressed={liked} disabled={like.isPending} onClick={() => like.mutate(!liked)}>
        {liked ? AMV_STRINGS.unlike : AMV_STRINGS.like} · {likes}
      </Button>
      <Button variant="secondary" size="small" disabled={inPlaylist || add.isPending || playlist.isPending} onClick={() => add.mutate(id)}>
        {inPlaylist ? AMV_STRINGS.inPlaylist : AMV_STRINGS.addToPlaylist}
      </Button>
      <ReportButton target={{ type: 'amv', id }} />
      {failure ? <FieldMessage message={errorMessage(failure)} /> : null}
    </div>
  );
}

/** /amv/:id: the player, the clip's facts, previous and next in the listing, like, «В плейлист» and comments. */
export function AmvDetailPage({ slots = {} }: { slots?: AmvDetailSlots }) {
  const { id = '' } = useParams();
  const amv = useQuery(amvQuery(id));
  const view = useCountAmvView();
  const Comments = slots.comments;
  const embedded = amv.data?.video.kind === 'embed' ? amv.data.id : null;
  const { mutate: countView } = view;
  // An external player does not tell us it started: its clip counts as viewed when the page opens.
  useEffect(() => {
    if (embedded) countView(embedded);
  }, [embedded, countView]);

  if (amv.isPending) return <ListState kind="loading" label={AMV_STRINGS.loading} />;
  if (amv.isError) {
    const missing = isApiError(amv.error) && (amv.error.status === 404 || amv.error.status === 400);
    return (
      <div className="amv-detail">
        <Link to="/amv">{AMV_STRINGS.backToList}</Link>
        {missing ? (
          <ListState kind="empty" text={AMV_STRINGS.notFound} />
        ) : (
          <ListState kind="error" title={AMV_STRINGS.loadError} message={errorMessage(amv.error)} onRetry={() => void amv.refetch()} />
        )}
      </div>
    );
  }
  const clip = amv.data;
  const music = AMV_STRINGS.music(clip.musicArtist, clip.musicTrack);
  return (
    <article className="amv-detail">
      <Link to="/amv">{AMV_STRINGS.backToList}</Link>
      <h1>{clip.title}</h1>
      <AmvPlayer amv={clip} onPlay={() => view.mutate(clip.id)} />
      <p className="muted">
        {AMV_STRINGS.by(clip.author)} · {formatDuration(clip.durationSeconds)} · {AMV_STRINGS.views(clip.views)} · {AMV_STRINGS.likes(clip.likes)}
      </p>
      {music ? (
        <p>
          {AMV_STRINGS.musicLabel}: {music}
        </p>
      ) : null}
      {clip.tags.length ? (
        <ul className="amv-detail__nav" aria-label={AMV_STRINGS.tags}>
          {clip.tags.map((tag) => (
            <li key={tag} className="muted">
              #{tag}
            </li>
          ))}
        </ul>
      ) : null}
      <LinkedTitles anime={clip.anime} heading={AMV_STRINGS.linked} />
      <Actions id={clip.id} liked={clip.likedByMe} likes={clip.likes} />
      <Neighbours id={clip.id} />
      {Comments ? (
        <Suspense fallback={null}>
          <Comments amvId={clip.id} />
        </Suspense>
      ) : null}
    </article>
  );
}

export default AmvDetailPage;
