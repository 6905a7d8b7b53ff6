import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { AGREEMENT_SECTIONS, AUTH_STRINGS } from '../strings';

export interface UserAgreementDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function UserAgreementDialog({ open, onOpenChange }: UserAgreementDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={AUTH_STRINGS.agreementTitle} description={AUTH_STRINGS.agreementDescription} widthPx={680}>
      <div className="agreement">
        {AGREEMENT_SECTIONS.map((section) => (
          <section key={section.title} className="agreement__section">
            <h3>{section.title}</h3>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
      <Button block onClick={() => onOpenChange(false)}>
        {AUTH_STRINGS.agreementAccept}
      </Button>
    </Dialog>
  );
}
