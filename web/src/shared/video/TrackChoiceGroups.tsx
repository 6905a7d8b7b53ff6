import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useId } from 'react';
import { NO_TRACK } from './track-choice';
import type { TrackOption } from './track-engine';

const OFF = 'off';

export interface TrackChoiceGroupsProps {
  audio: readonly TrackOption[];
  subtitles: readonly TrackOption[];
  /** The voice-over playing (an option's index), -1 while unknown. */
  audioTrack: number;
  /** The subtitles shown, -1 for none. */
  subtitleTrack: number;
  onAudio(index: number): void;
  /** -1 turns the subtitles off. */
  onSubtitles(index: number): void;
  strings: { audio: string; subtitles: string; subtitlesOff: string };
  /** The BEM block of the menu's look (`player`, `watch-party`): `<block>__menu-label`, `__menu-item`, `__menu-check`. */
  block: string;
}

/**
 * The inside of a voice-over and subtitle menu: «Озвучка» (each voice-over) and, when the stream has
 * any, «Субтитры» («Выключены» and each), two radio groups of a Radix dropdown (arrows move, Enter or
 * Space picks). The player's menu and the watch party host's share it.
 */
export function TrackChoiceGroups({ audio, subtitles, audioTrack, subtitleTrack, onAudio, onSubtitles, strings, block }: TrackChoiceGroupsProps) {
  const audioLabel = useId();
  const subtitlesLabel = useId();
  const item = (value: string, label: string) => (
    <DropdownMenu.RadioItem key={value} className={`menu__item ${block}__menu-item`} value={value}>
      <DropdownMenu.ItemIndicator className={`${block}__menu-check`}>✓</DropdownMenu.ItemIndicator>
      {label}
    </DropdownMenu.RadioItem>
  );
  return (
    <>
      {audio.length > 0 ? (
        <>
          <DropdownMenu.Label id={audioLabel} className={`${block}__menu-label`}>
            {strings.audio}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup aria-labelledby={audioLabel} value={String(audioTrack)} onValueChange={(value) => onAudio(Number(value))}>
            {audio.map((track) => item(String(track.index), track.label))}
          </DropdownMenu.RadioGroup>
        </>
      ) : null}
      {audio.length > 0 && subtitles.length > 0 ? <DropdownMenu.Separator className="menu__separator" /> : null}
      {subtitles.length > 0 ? (
        <>
          <DropdownMenu.Label id={subtitlesLabel} className={`${block}__menu-label`}>
            {strings.subtitles}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            aria-labelledby={subtitlesLabel}
            value={subtitleTrack === NO_TRACK ? OFF : String(subtitleTrack)}
            onValueChange={(value) => onSubtitles(value === OFF ? NO_TRACK : Number(value))}
          >
            {item(OFF, strings.subtitlesOff)}
            {subtitles.map((track) => item(String(track.index), track.label))}
          </DropdownMenu.RadioGroup>
        </>
      ) : null}
    </>
  );
}
