import { useNavigate } from 'react-router-dom';
import { CARD_DIALOG_WIDTH_PX } from '../../../shared/config/constants';
import { resolveCardUrl } from '../../../shared/lib/asset-url';
import { isVideoUrl } from '../../../shared/lib/video-url';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { REWARD_STRINGS } from '../strings';

export interface RewardCardDialogProps {
  /** The card file name; null keeps the dialog closed. */
  card: string | null;
  onClose(): void;
}

export function RewardCardDialog({ card, onClose }: RewardCardDialogProps) {
  const navigate = useNavigate();
  const url = resolveCardUrl(card);
  return (
    <Dialog
      open={card !== null}
      onOpenChange={(open) => !open && onClose()}
      title={REWARD_STRINGS.title}
      description={REWARD_STRINGS.text}
      widthPx={CARD_DIALOG_WIDTH_PX}
    >
      <div className="reward-card">
        {isVideoUrl(card) ? (
          <video className="reward-card__media" src={url} autoPlay loop muted playsInline aria-label={REWARD_STRINGS.videoLabel} />
        ) : (
          <img className="reward-card__media" src={url} alt={REWARD_STRINGS.imageAlt} />
        )}
      </div>
      <Button
        block
        onClick={() => {
          onClose();
          navigate('/profile?tab=cards');
        }}
      >
        {REWARD_STRINGS.claim}
      </Button>
    </Dialog>
  );
}
