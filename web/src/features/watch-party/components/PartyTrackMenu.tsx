import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Button } from '../../../shared/ui/Button';
import { TrackChoiceGroups, type TrackChoiceGroupsProps } from '../../../shared/video/TrackChoiceGroups';
import { WATCH_PARTY_STRINGS as S } from '../strings';

export type PartyTrackMenuProps = Omit<TrackChoiceGroupsProps, 'strings' | 'block'>;

/**
 * The host's «Озвучка и субтитры»: the player's menu on a button of the room's control line, since the
 * host's video keeps the browser's own controls. What the host picks, the room plays.
 */
export function PartyTrackMenu(props: PartyTrackMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="small">
          {S.tracks}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content className="menu watch-party__menu" side="bottom" align="start" sideOffset={6} aria-label={S.tracks}>
        <TrackChoiceGroups {...props} strings={S} block="watch-party" />
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
