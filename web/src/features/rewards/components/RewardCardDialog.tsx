import type { CardGranted } from '@portal/contracts';
import { useNavigate } from 'react-router-dom';
import { CARD_DIALOG_WIDTH_PX } from '../../../shared/config/constants';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { REWARD_STRINGS } from '../strings';
import { CardMedia } from './CardMedia';
import '../rewards.css';

export interface RewardCardDialogProps {
  /** The card file name; null keeps the dialog closed. */
  card: string | null;
  /** The socket's details of the grant, when known: the title, and whether it became points. */
  grant?: CardGranted | null;
  /** Grants waiting after this one. */
  waiting?: number;
  onClose(): void;
}

/** «Вы получили карточку!» (SPEC section 3): 370 px, the card as an image or a looping muted WebM, «Забрать?» → /profile?tab=cards. */
export function RewardCardDialog({ card, grant = null, waiting = 0, onClose }: RewardCardDialogProps) {
  const navigate = useNavigate();
  const label = grant ? grant.card.title : card && /\.webm$/i.test(card) ? REWARD_STRINGS.videoLabel : REWARD_STRINGS.imageAlt;
  return (
    <Dialog
      open={card !== null}
      onOpenChange={(open) => !open && onClose()}
      title={REWARD_STRINGS.title}
      description={REWARD_STRINGS.text}
      widthPx={CARD_DIALOG_WIDTH_PX}
    >
      <div className="reward-card">
        {card ? <CardMedia key={card} file={card} label={label} className="reward-card__media" /> : null}
        {grant ? <p className="reward-card__title">{grant.card.title}</p> : null}
        {grant?.duplicate ? (
          <p className="reward-card__note" role="status">
            {REWARD_STRINGS.duplicate(grant.points)}
          </p>
        ) : null}
        {waiting > 0 ? <p className="reward-card__note muted">{REWARD_STRINGS.more(waiting)}</p> : null}
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
