import { WATCH_PARTY_STRINGS as S } from '../strings';

export interface PlayingTracksProps {
  /** The voice-over this player plays; null when the stream lists none (no alternate audio). */
  audio: string | null;
  /** The subtitles shown, null for none. */
  subtitles: string | null;
  /** The stream has subtitles at all (otherwise nothing is said of them). */
  hasSubtitles: boolean;
}

/** A member's line under the video: «Озвучка: AniLibria · Субтитры: Kitsune», what their player plays of the host's choice. */
export function PlayingTracks({ audio, subtitles, hasSubtitles }: PlayingTracksProps) {
  if (audio === null && !hasSubtitles) return null;
  return (
    <p className="watch-party__tracks" data-testid="watch-party-tracks">
      {audio !== null ? (
        <span>
          {S.audio}: <bdi>{audio}</bdi>
        </span>
      ) : null}
      {audio !== null && hasSubtitles ? ' · ' : null}
      {hasSubtitles ? (
        <span>
          {S.subtitles}: {subtitles !== null ? <bdi>{subtitles}</bdi> : S.subtitlesOffNow}
        </span>
      ) : null}
    </p>
  );
}
