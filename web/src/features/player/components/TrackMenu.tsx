import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { TrackChoiceGroups, type TrackChoiceGroupsProps } from '../../../shared/video/TrackChoiceGroups';
import { PLAYER_STRINGS } from '../strings';
import { PlayerIcon } from './PlayerIcon';

const S = PLAYER_STRINGS;

export interface TrackMenuProps extends Omit<TrackChoiceGroupsProps, 'strings' | 'block'> {
  /** Controlled opening (stories); uncontrolled by default. */
  defaultOpen?: boolean;
}

/**
 * «Озвучка» and «Субтитры» behind the player's tracks button, as the quality menu's look and keys
 * (Escape closes). Rendered inside the player (no portal), so it stays visible in fullscreen.
 */
export function TrackMenu({ defaultOpen, ...groups }: TrackMenuProps) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className="player__button" aria-label={S.tracks}>
        <PlayerIcon name="tracks" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content className="menu player__menu player__menu--tracks" side="top" align="end" sideOffset={8} aria-label={S.tracks}>
        <TrackChoiceGroups {...groups} strings={S} block="player" />
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
