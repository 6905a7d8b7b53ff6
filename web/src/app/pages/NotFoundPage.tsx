import { ButtonLink } from '../../shared/ui/ButtonLink';
import { Icon } from '../../shared/ui/Icon';
import { StatePanel } from '../../shared/ui/StatePanel';
import { APP_STRINGS } from '../strings';

export default function NotFoundPage() {
  return (
    <div className="page">
      <StatePanel
        icon={<Icon name="compass" sizePx={40} />}
        title={APP_STRINGS.notFoundTitle}
        text={APP_STRINGS.notFoundText}
        actions={<ButtonLink to="/">{APP_STRINGS.toHome}</ButtonLink>}
      />
    </div>
  );
}
