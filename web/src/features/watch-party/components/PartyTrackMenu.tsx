import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useId } from 'react';
import { Button } from '../../../shared/ui/Button';
import { NO_TRACK } from '../../../shared/video/track-choice';
import type { TrackOption } from '../../../shared/video/track-engine';
import { WATCH_PARTY_STRINGS as S } from '../strings';

const OFF = 'off';

export interface PartyTrackMenuProps {
  audio: readonly TrackOption[];
  subtitles: readonly TrackOption[];
  /** The voice-over playing (an option's index), -1 while unknown. */
  audioTrack: number;
  /** The subtitles shown, -1 for none. */
  subtitleTrack: number;
  onAudio(index: number): void;
  /** -1 turns the subtitles off. */
  onSubtitles(index: number): void;
}

/**
 * The host's «Озвучка и субтитры»: the player's menu (its groups, labels and keys: arrows move, Enter or
 * Space picks, Escape closes) on a button of the room's control line, since the host's video keeps the
 * browser's own controls. What the host picks, the room plays.
 */
export function PartyTrackMenu({ audio, subtitles, audioTrack, subtitleTrack, onAudio, onSubtitles }: PartyTrackMenuProps) {
  const audioLabel = useId();
  const subtitlesLabel = useId();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="small">
          {S.tracks}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content className="menu watch-party__menu" side="bottom" align="start" sideOffset={6} aria-label={S.tracks}>
        {audio.length > 0 ? (
          <>
            <DropdownMenu.Label id={audioLabel} className="watch-party__menu-label">
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
            <DropdownMenu.Label id={subtitlesLabel} className="watch-party__menu-label">
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

function TrackItem({ value, label }: { value: string; label: string }) {
  return (
    <DropdownMenu.RadioItem className="menu__item watch-party__menu-item" value={value}>
      <DropdownMenu.ItemIndicator className="watch-party__menu-check">✓</DropdownMenu.ItemIndicator>
      {label}
    </DropdownMenu.RadioItem>
  );
}
