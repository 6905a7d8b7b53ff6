import { ButtonLink } from '../../shared/ui/ButtonLink';
import { StatePanel } from '../../shared/ui/StatePanel';
import { APP_STRINGS } from '../strings';

export default function NotFoundPage() {
  return (
    <div className="page">
      <StatePanel
        icon="404"
        title={APP_STRINGS.notFoundTitle}
        text={APP_STRINGS.notFoundText}
        actions={<ButtonLink to="/">{APP_STRINGS.toHome}</ButtonLink>}
      />
    </div>
  );
}
