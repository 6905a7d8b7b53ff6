import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { Icon } from '../../../shared/ui/Icon';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { useSession } from '../../../shared/session/session-context';
import { useVkSignIn, vkCallbackParams } from '../api/vk';
import { AUTH_STRINGS } from '../strings';

/** Where VK ID returns (/auth/vk/callback, /vk-callback): finishing the sign-in, then done or the reason it failed. */
export default function VkCallbackPage() {
  const [search] = useSearchParams();
  const params = vkCallbackParams(search);
  const signInResult = useVkSignIn(params);
  const { signIn } = useSession();
  const session = signInResult.data;

  useEffect(() => {
    if (session) signIn(session);
  }, [session, signIn]);

  if (!params || signInResult.isError) {
    return (
      <main className="page">
        <StatePanel
          icon={<Icon name="lock" sizePx={40} />}
          title={AUTH_STRINGS.vkCallbackFailedTitle}
          text={<span role="alert">{signInResult.error?.message ?? AUTH_STRINGS.vkCallbackMissing}</span>}
          actions={<ButtonLink to="/vk-auth">{AUTH_STRINGS.vkCallbackRetry}</ButtonLink>}
        />
      </main>
    );
  }
  if (!session) {
    return (
      <main className="page">
        <StatePanel title={AUTH_STRINGS.vkPageTitle} text={<span role="status">{AUTH_STRINGS.vkCallbackLoading}</span>} />
      </main>
    );
  }
  return (
    <main className="page">
      <StatePanel
        title={AUTH_STRINGS.vkPageTitle}
        text={<span role="status">{AUTH_STRINGS.vkCallbackDone[session.outcome]}</span>}
        actions={<ButtonLink to="/">{AUTH_STRINGS.vkCallbackHome}</ButtonLink>}
      />
    </main>
  );
}
