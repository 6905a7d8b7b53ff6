import { Icon } from '../../shared/ui/Icon';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { StatePanel } from '../../shared/ui/StatePanel';
import { APP_STRINGS } from '../strings';

/** The honest placeholder for screens that later issues build: it names the section, shows no fake content. */
export default function SectionInProgressPage({ section }: { section: string }) {
  return (
    <div className="page">
      <StatePanel
        icon={<Icon name="tools" sizePx={40} />}
        title={APP_STRINGS.inProgressTitle(section)}
        text={APP_STRINGS.inProgressText}
        actions={
          <ButtonLink to="/" variant="secondary">
            {APP_STRINGS.toHome}
          </ButtonLink>
        }
      />
    </div>
  );
}
