import { PageNotFound } from '../../shared/ui/PageNotFound';
import { APP_STRINGS } from '../strings';

export default function NotFoundPage() {
  return <PageNotFound title={APP_STRINGS.notFoundTitle} text={APP_STRINGS.notFoundText} backTo="/" backLabel={APP_STRINGS.toHome} />;
}
