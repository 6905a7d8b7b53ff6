import { ButtonLink } from './ButtonLink';
import { Icon } from './Icon';
import { StatePanel } from './StatePanel';

export interface PageNotFoundProps {
  title: string;
  text: string;
  /** Where the way back leads, and what its button says. */
  backTo: string;
  backLabel: string;
}

/** A whole page answering "not found": compass icon, title, explanation and a button back. */
export function PageNotFound({ title, text, backTo, backLabel }: PageNotFoundProps) {
  return (
    <div className="page">
      <StatePanel icon={<Icon name="compass" sizePx={40} />} title={title} text={text} actions={<ButtonLink to={backTo}>{backLabel}</ButtonLink>} />
    </div>
  );
}
