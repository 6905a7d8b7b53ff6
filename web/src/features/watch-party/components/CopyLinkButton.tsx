import { watchPartyPath } from '@portal/contracts';
import { Button } from '../../../shared/ui/Button';
import { notify } from '../../../shared/ui/notify';
import { WATCH_PARTY_STRINGS as S } from '../strings';

/** Copies the room's address; the address is also shown, for browsers without clipboard access. */
export function CopyLinkButton({ roomId }: { roomId: string }) {
  const link = `${window.location.origin}${watchPartyPath(roomId)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify.success(S.linkCopied, S.linkCopiedText);
    } catch {
      // No clipboard (insecure origin, refused permission): the field below can still be copied by hand.
    }
  };
  return (
    <div className="watch-party__link">
      <input className="field__input" readOnly value={link} aria-label={S.linkLabel} onFocus={(event) => event.currentTarget.select()} />
      <Button variant="secondary" size="small" onClick={() => void copy()}>
        {S.copyLink}
      </Button>
    </div>
  );
}
