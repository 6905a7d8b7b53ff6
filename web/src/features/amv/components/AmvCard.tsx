import type { AmvItem } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { formatDuration } from '../lib/format';
import { AMV_STRINGS } from '../strings';

/** A clip in a grid or a top list: title (to its page), author, music, duration, views and likes. */
export function AmvCard({ amv }: { amv: AmvItem }) {
  const music = AMV_STRINGS.music(amv.musicArtist, amv.musicTrack);
  return (
    <article className="amv-card">
      <Link to={`/amv/${amv.id}`} className="amv-card__title">
        {amv.title}
      </Link>
      <p className="amv-card__meta muted">
        {AMV_STRINGS.by(amv.author)} · {formatDuration(amv.durationSeconds)}
      </p>
      {music ? <p className="amv-card__music muted">♪ {music}</p> : null}
      <p className="amv-card__stats muted">
        <span>{AMV_STRINGS.views(amv.views)}</span> <span>{AMV_STRINGS.likes(amv.likes)}</span>
      </p>
    </article>
  );
}
