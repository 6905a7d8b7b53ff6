import { GENERIC_MESSAGES, isAdminUser, isUploaderUser, type SelfUser } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useSession } from '../../shared/session/session-context';
import { Icon } from '../../shared/ui/Icon';
import { StatePanel } from '../../shared/ui/StatePanel';
import { APP_STRINGS } from '../strings';

/** The refusal a guest or a user without the role gets instead of the page. */
function Forbidden({ text }: { text: string }) {
  return (
    <div className="page">
      <StatePanel icon={<Icon name="lock" sizePx={40} />} title={GENERIC_MESSAGES.forbidden} text={text} />
    </div>
  );
}

export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user && isAdminUser(user)) return <>{children}</>;
  return <Forbidden text={APP_STRINGS.forbiddenText} />;
}

/** A session stored before the uploader role existed has no flag: it counts as false. */
const mayUpload = (user: SelfUser) => isUploaderUser({ ...user, isUploader: user.isUploader === true });

/** Episode uploads (the «Серии» screen of a title): admins and the users an admin made uploaders. */
export function UploaderOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user && mayUpload(user)) return <>{children}</>;
  return <Forbidden text={APP_STRINGS.forbiddenUploaderText} />;
}
