import type { AmvItem } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { ListState } from '../../../shared/ui/ListState';
import { amvPlaylistQuery } from '../api/amv-api';
import { useRemoveFromAmvPlaylist, useReorderAmvPlaylist } from '../hooks/useAmvMutations';
import { moveItem, nextStep, playOrder } from '../lib/playlist-order';
import { AMV_STRINGS } from '../strings';
import { AmvPlayer } from './AmvPlayer';
import '../amv.css';

const S = AMV_STRINGS.playlist;

export interface AmvPlaylistPageProps {
  /** The shuffle's random source (stories pin it). */
  random?: () => number;
}

interface Playback {
  /** The play order as ids (a shuffle is fixed when it starts). */
  order: string[];
  step: number;
}

/**
 * /my-amv-playlist: the signed-in viewer's clips. Reorder by dragging the handle (pointer events) or
 * with the keyboard (arrow keys on the handle, or the up and down buttons), each move announced;
 * remove; play the list in order with the next one starting by itself, shuffled or repeating.
 */
export function AmvPlaylistPage({ random = Math.random }: AmvPlaylistPageProps) {
  const { status } = useSession();
  const playlist = useQuery({ ...amvPlaylistQuery(), enabled: status === 'authenticated' });
  const reorder = useReorderAmvPlaylist();
  const remove = useRemoveFromAmvPlaylist();
  const [announcement, setAnnouncement] = useState('');
  const [shuffle, setShuffle] = useState(false);
  const [repeat, setRepeat] = useState(false);
  const [playback, setPlayback] = useState<Playback | null>(null);
  const [dragging, setDragging] = useState<{ id: string; order: string[] } | null>(null);
  const rows = useRef(new Map<string, HTMLLIElement>());

  if (status !== 'authenticated') {
    return (
      <div className="amv-playlist">
        <h1>{S.title}</h1>
        <p>
          <Link to="/login">{S.signIn}</Link>
        </p>
      </div>
    );
  }
  if (playlist.isPending) return <ListState kind="loading" label={S.loading} />;
  if (playlist.isError) return <ListState kind="error" title={S.loadError} message={errorMessage(playlist.error)} onRetry={() => void playlist.refetch()} />;

  const items = playlist.data.items;
  const byId = new Map(items.map((item) => [item.id, item]));
  const shown = dragging ? dragging.order.flatMap((id) => byId.get(id) ?? []) : items;
  const currentId = playback ? playback.order[playback.step] : null;
  const current = currentId ? (byId.get(currentId) ?? null) : null;

  const saveOrder = (ids: string[], moved: AmvItem) => {
    if (ids.join() === items.map((item) => item.id).join()) return;
    reorder.mutate(ids);
    setAnnouncement(S.moved(moved.title, ids.indexOf(moved.id) + 1, ids.length));
  };
  const move = (index: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    saveOrder(
      moveItem(items, index, to).map((item) => item.id),
      items[index],
    );
  };

  const startAt = (firstId: string | null) => {
    const indices = playOrder(items.length, shuffle, random);
    let order = indices.map((index) => items[index].id);
    if (firstId) order = [firstId, ...order.filter((id) => id !== firstId)];
    setPlayback({ order, step: 0 });
    setAnnouncement(S.nowPlaying(byId.get(order[0])?.title ?? ''));
  };
  const advance = () => {
    if (!playback) return;
    const step = nextStep(playback.step, playback.order.length, repeat);
    if (step === null) {
      setPlayback(null);
      setAnnouncement(S.finished);
      return;
    }
    setPlayback({ ...playback, step });
    setAnnouncement(S.nowPlaying(byId.get(playback.order[step])?.title ?? ''));
  };

  const onHandleKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, index + (event.key === 'ArrowUp' ? -1 : 1));
    }
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>, id: string) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging({ id, order: items.map((item) => item.id) });
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (!dragging) return;
    // The row under the pointer takes the dragged one's place.
    const over = dragging.order.find((id) => {
      const rect = rows.current.get(id)?.getBoundingClientRect();
      return rect && event.clientY >= rect.top && event.clientY <= rect.bottom;
    });
    if (!over || over === dragging.id) return;
    const from = dragging.order.indexOf(dragging.id);
    setDragging({ ...dragging, order: moveItem(dragging.order, from, dragging.order.indexOf(over)) });
  };
  const onPointerUp = () => {
    if (!dragging) return;
    const moved = byId.get(dragging.id);
    setDragging(null);
    if (moved) saveOrder(dragging.order, moved);
  };

  return (
    <div className="amv-playlist">
      <h1>{S.title}</h1>
      <p className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </p>
      {items.length === 0 ? (
        <>
          <ListState kind="empty" text={S.empty} />
          <Link to="/amv">{S.toCatalogue}</Link>
        </>
      ) : (
        <>
          <div className="amv-playlist__controls">
            {playback ? <Button onClick={() => setPlayback(null)}>{S.stop}</Button> : <Button onClick={() => startAt(null)}>{S.play}</Button>}
            <Button variant="secondary" size="small" aria-pressed={shuffle} onClick={() => setShuffle(!shuffle)}>
              {S.shuffle}
            </Button>
            <Button variant="secondary" size="small" aria-pressed={repeat} onClick={() => setRepeat(!repeat)}>
              {S.repeat}
            </Button>
          </div>
          {current ? (
            <section className="amv-playlist__now" aria-label={S.nowPlaying(current.title)}>
              <h2>{S.nowPlaying(current.title)}</h2>
              <AmvPlayer amv={current} autoPlay onEnded={advance} />
              {current.video.kind === 'embed' ? <p className="muted">{S.externalNext}</p> : null}
              <Button variant="secondary" size="small" onClick={advance}>
                {S.nextInList}
              </Button>
            </section>
          ) : null}
          {reorder.isError ? <FieldMessage message={`${S.saveError}: ${errorMessage(reorder.error)}`} /> : null}
          {remove.isError ? <FieldMessage message={errorMessage(remove.error)} /> : null}
          <ol className="amv-playlist__items" aria-label={S.listLabel}>
            {shown.map((amv, index) => (
              <li
                key={amv.id}
                ref={(node) => {
                  if (node) rows.current.set(amv.id, node);
                  else rows.current.delete(amv.id);
                }}
                className="amv-playlist__item"
                data-current={amv.id === currentId}
                data-dragging={dragging?.id === amv.id}
              >
                <button
                  type="button"
                  className="amv-playlist__handle btn btn--ghost btn--small"
                  aria-label={S.dragHandle(amv.title)}
                  onKeyDown={(event) => onHandleKey(event, index)}
                  onPointerDown={(event) => onPointerDown(event, amv.id)}
                  onPointerMove={onPointerMove}
                  onPointerUp={onPointerUp}
                  onPointerCancel={() => setDragging(null)}
                >
                  ⠿
                </button>
                <span className="amv-playlist__position muted">{index + 1}.</span>
                <Link className="amv-playlist__title" to={`/amv/${amv.id}`}>
                  {amv.title}
                </Link>
                <Button variant="ghost" size="small" aria-label={S.playItem(amv.title)} onClick={() => startAt(amv.id)}>
                  ▶
                </Button>
                <Button variant="ghost" size="small" aria-label={S.moveUp(amv.title)} disabled={index === 0} onClick={() => move(index, index - 1)}>
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  size="small"
                  aria-label={S.moveDown(amv.title)}
                  disabled={index === shown.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  ↓
                </Button>
                <Button
                  variant="ghost"
                  size="small"
                  aria-label={S.remove(amv.title)}
                  onClick={() => {
                    remove.mutate(amv.id);
                    setAnnouncement(S.removed(amv.title));
                  }}
                >
                  {S.removeShort}
                </Button>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

export default AmvPlaylistPage;
