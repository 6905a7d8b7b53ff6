import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { AUTO_LEVEL, currentQualityLabel, levelLabel } from '../lib/quality';
import type { QualityLevel } from '../../../shared/video/use-hls-source';
import { PLAYER_STRINGS } from '../strings';

const S = PLAYER_STRINGS;

export interface QualityMenuProps {
  levels: readonly QualityLevel[];
  currentLevel: number;
  playingLevel: number;
  onSelect(index: number): void;
  /** Controlled opening (stories); uncontrolled by default. */
  defaultOpen?: boolean;
}

/**
 * "Авто" and each rendition. The menu renders inside the player (no portal), so it stays visible in
 * fullscreen, where only the player's subtree is shown.
 */
export function QualityMenu({ levels, currentLevel, playingLevel, onSelect, defaultOpen }: QualityMenuProps) {
  const label = currentQualityLabel(levels, currentLevel, playingLevel, S.auto);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className="player__button player__quality" aria-label={S.qualityButton(label)}>
        {label}
      </DropdownMenu.Trigger>
      <DropdownMenu.Content className="menu player__menu" side="top" align="end" sideOffset={8} aria-label={S.quality}>
        <DropdownMenu.Label className="player__menu-label">{S.quality}</DropdownMenu.Label>
        <DropdownMenu.RadioGroup value={String(currentLevel)} onValueChange={(value) => onSelect(Number(value))}>
          <DropdownMenu.RadioItem className="menu__item player__menu-item" value={String(AUTO_LEVEL)}>
            <DropdownMenu.ItemIndicator className="player__menu-check">✓</DropdownMenu.ItemIndicator>
            {S.auto}
          </DropdownMenu.RadioItem>
          {levels.map((level) => (
            <DropdownMenu.RadioItem key={level.index} className="menu__item player__menu-item" value={String(level.index)}>
              <DropdownMenu.ItemIndicator className="player__menu-check">✓</DropdownMenu.ItemIndicator>
              {levelLabel(level)}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
