import type { ReactNode } from 'react';
import { AUTH_GUARD_MIN_DISPLAY_MS } from '../../../shared/config/constants';
import { useMinimumDuration } from '../../../shared/lib/useMinimumDuration';
import { useSession } from '../../../shared/session/session-context';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { Icon } from '../../../shared/ui/Icon';
import { Spinner } from '../../../shared/ui/Spinner';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { AUTH_STRINGS } from '../strings';

export function GuardChecking() {
  return (
    <div className="state-panel" aria-busy="true">
      <Spinner label={AUTH_STRINGS.guardChecking} />
    </div>
  );
}

export function WelcomePrompt() {
  return (
    <StatePanel
      icon={<Icon name="star" sizePx={40} />}
      title={AUTH_STRINGS.welcomeTitle}
      text={AUTH_STRINGS.welcomeText}
      actions={
        <>
          <ButtonLink to="/login">{AUTH_STRINGS.welcomeLogin}</ButtonLink>
          <ButtonLink to="/register" variant="secondary">
            {AUTH_STRINGS.welcomeRegister}
          </ButtonLink>
          <ButtonLink to="/vk-auth" variant="vk">
            {AUTH_STRINGS.welcomeVk}
          </ButtonLink>
        </>
      }
    />
  );
}

/**
 * Shows "Проверка авторизации..." for at least 0.5 s and while the session is checked, then the
 * content for a signed-in user or the welcome prompt for a guest (SPEC.md section 2).
 */
export function AccessGuard({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const minimumShown = useMinimumDuration(AUTH_GUARD_MIN_DISPLAY_MS);
  if (!minimumShown || status === 'checking') return <GuardChecking />;
  if (status === 'authenticated') return <>{children}</>;
  return <WelcomePrompt />;
}
