import { GENERIC_MESSAGES, isAdminUser } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useSession } from '../../shared/session/session-context';
import { Icon } from '../../shared/ui/Icon';
import { StatePanel } from '../../shared/ui/StatePanel';
import { APP_STRINGS } from '../strings';

export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user && isAdminUser(user)) return <>{children}</>;
  return (
    <div className="page">
      <StatePanel icon={<Icon name="lock" sizePx={40} />} title={GENERIC_MESSAGES.forbidden} text={APP_STRINGS.forbiddenText} />
    </div>
  );
}
