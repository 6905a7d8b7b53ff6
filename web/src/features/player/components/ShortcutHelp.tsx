import { useEffect, useId, useRef } from 'react';
import { SHORTCUT_HELP } from '../lib/shortcuts';
import { PLAYER_STRINGS } from '../strings';

const S = PLAYER_STRINGS;

/** The list of shortcuts over the picture (inside the player, so fullscreen shows it too). Esc closes it. */
export function ShortcutHelp({ onClose }: { onClose(): void }) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    return () => previous?.focus();
  }, []);
  return (
    <div
      className="player__help"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="player__help-header">
        <h2 id={titleId} className="player__help-title">
          {S.help}
        </h2>
        <button ref={closeRef} type="button" className="player__button" onClick={onClose} aria-label={S.helpClose}>
          ✕
        </button>
      </div>
      <dl className="player__help-list">
        {SHORTCUT_HELP.map(({ keys, action }) => (
          <div key={action} className="player__help-row">
            <dt>
              {keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? (keys[0] === 'Shift' ? ' + ' : ' / ') : null}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{S.helpActions[action]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
