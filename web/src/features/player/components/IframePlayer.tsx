import { PLAYER_STRINGS } from '../strings';
import '../player.css';

/** An external provider's player: its own controls, quality and progress (we cannot read its time). */
export function IframePlayer({ url, episode }: { url: string; episode: number }) {
  return (
    <div className="player player--iframe">
      <iframe
        className="player__iframe"
        src={url}
        title={PLAYER_STRINGS.iframeTitle(episode)}
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerPolicy="origin"
      />
    </div>
  );
}
