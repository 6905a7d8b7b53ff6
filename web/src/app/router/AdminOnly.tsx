import { GENERIC_MESSAGES, isAdminUser } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useSession } from '../../shared/session/session-context';
import { StatePanel } from '../../shared/ui/StatePanel';
import { APP_STRINGS } from '../strings';

export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user && isAdminUser(user)) return <>{children}</>;
  return (
    <div className="page">
      <StatePanel icon="⛔" title={GENERIC_MESSAGES.forbidden} text={APP_STRINGS.forbiddenText} />
    </div>
  );
}
