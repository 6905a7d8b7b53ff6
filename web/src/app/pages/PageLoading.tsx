import { Spinner } from '../../shared/ui/Spinner';
import { APP_STRINGS } from '../strings';

export function PageLoading() {
  return (
    <div className="state-panel" aria-busy="true">
      <Spinner label={APP_STRINGS.pageLoading} />
    </div>
  );
}
