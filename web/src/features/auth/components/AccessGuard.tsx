import { useDeferredValue, useState, type ReactNode } from 'react';
import { AUTH_GUARD_MIN_DISPLAY_MS } from '../../../shared/config/constants';
import { useMinimumDuration } from '../../../shared/lib/useMinimumDuration';
import { useSession } from '../../../shared/session/session-context';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { Icon } from '../../../shared/ui/Icon';
import { Spinner } from '../../../shared/ui/Spinner';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { useAuthProviders } from '../api/vk';
import { AUTH_STRINGS } from '../strings';

export function GuardChecking() {
  return (
    <div className="state-panel" aria-busy="true">
      <Spinner label={AUTH_STRINGS.guardChecking} />
    </div>
  );
}

/** The guest's welcome: sign in, register, or VK ID when it is configured. */
export function WelcomePrompt() {
  const providers = useAuthProviders();
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
          {providers.data?.vk === true && (
            <ButtonLink to="/vk-auth" variant="vk">
              {AUTH_STRINGS.welcomeVk}
            </ButtonLink>
          )}
        </>
      }
    />
  );
}

/**
 * While the session is checked with the server, shows "Проверка авторизации..." for at least 0.5 s
 * and as long as the check runs; then the content for a signed-in user or the welcome prompt for a
 * guest (SPEC.md section 2). When no check runs at all (a stored session on a trusted path, or no
 * session), the content or the prompt shows at once: a spinner with nothing being checked would
 * only hold back the page's first paint (issue #13, docs/PERFORMANCE.md).
 */
export function AccessGuard({ children }: { children: ReactNode }) {
  const { status } = useSession();
  // Whether a check was running when the guard mounted is decided once: a check that ends early
  // still keeps its spinner up for the whole minimum.
  const [checkedOnMount] = useState(status === 'checking');
  const minimumShown = useMinimumDuration(checkedOnMount ? AUTH_GUARD_MIN_DISPLAY_MS : 0);
  const view = !minimumShown || status === 'checking' ? 'checking' : status === 'authenticated' ? 'content' : 'prompt';
  // The switch from the spinner to the page comes from a timer or an answer, which React would render
  // in one blocking task; deferred, the whole page renders in slices that leave a phone responsive.
  const shown = useDeferredValue(view);
  if (shown === 'checking') return <GuardChecking />;
  if (shown === 'content') return <>{children}</>;
  return <WelcomePrompt />;
}
