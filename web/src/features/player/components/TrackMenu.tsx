import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useId } from 'react';
import type { TrackOption } from '../hooks/useTrackChoice';
import { NO_TRACK } from '../lib/track-choice';
import { PLAYER_STRINGS } from '../strings';
import { PlayerIcon } from './PlayerIcon';

const S = PLAYER_STRINGS;
const OFF = 'off';

export interface TrackMenuProps {
  audio: readonly TrackOption[];
  subtitles: readonly TrackOption[];
  /** The voice-over playing (an option's index), -1 while unknown. */
  audioTrack: number;
  /** The subtitles shown, -1 for none. */
  subtitleTrack: number;
  onAudio(index: number): void;
  /** -1 turns the subtitles off. */
  onSubtitles(index: number): void;
  /** Controlled opening (stories); uncontrolled by default. */
  defaultOpen?: boolean;
}

/**
 * «Озвучка» (each voice-over) and, when the stream has any, «Субтитры» («Выключены» and each): two radio
 * groups in one menu, as the quality menu's look and keys (arrows move, Enter or Space picks, Escape
 * closes). Rendered inside the player (no portal), so it stays visible in fullscreen.
 */
export function TrackMenu({ audio, subtitles, audioTrack, subtitleTrack, onAudio, onSubtitles, defaultOpen }: TrackMenuProps) {
  const audioLabel = useId();
  const subtitlesLabel = useId();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className="player__button" aria-label={S.tracks}>
        <PlayerIcon name="tracks" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content className="menu player__menu player__menu--tracks" side="top" align="end" sideOffset={8} aria-label={S.tracks}>
        {audio.length > 0 ? (
          <>
            <DropdownMenu.Label id={audioLabel} className="player__menu-label">
              {S.audio}
            </DropdownMenu.Label>
            <DropdownMenu.RadioGroup aria-labelledby={audioLabel} value={String(audioTrack)} onValueChange={(value) => onAudio(Number(value))}>
              {audio.map((track) => (
                <TrackItem key={track.index} value={String(track.index)} label={track.label} />
              ))}
            </DropdownMenu.RadioGroup>
          </>
        ) : null}
        {audio.length > 0 && subtitles.length > 0 ? <DropdownMenu.Separator className="menu__separator" /> : null}
        {subtitles.length > 0 ? (
          <>
            <DropdownMenu.Label id={subtitlesLabel} className="player__menu-label">
              {S.subtitles}
            </DropdownMenu.Label>
            <DropdownMenu.RadioGroup
              aria-labelledby={subtitlesLabel}
              value={subtitleTrack === NO_TRACK ? OFF : String(subtitleTrack)}
              onValueChange={(value) => onSubtitles(value === OFF ? NO_TRACK : Number(value))}
            >
              <TrackItem value={OFF} label={S.subtitlesOff} />
              {subtitles.map((track) => (
                <TrackItem key={track.index} value={String(track.index)} label={track.label} />
              ))}
            </DropdownMenu.RadioGroup>
          </>
        ) : null}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/** One choice of the menu, checked when it is the one playing. */
function TrackItem({ value, label }: { value: string; label: string }) {
  return (
    <DropdownMenu.RadioItem className="menu__item player__menu-item" value={value}>
      <DropdownMenu.ItemIndicator className="player__menu-check">✓</DropdownMenu.ItemIndicator>
      {label}
    </DropdownMenu.RadioItem>
  );
}
