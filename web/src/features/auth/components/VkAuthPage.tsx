import { useSearchParams } from 'react-router-dom';
import { Icon } from '../../../shared/ui/Icon';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { useAuthProviders } from '../api/vk';
import { AUTH_STRINGS } from '../strings';

/** Social sign-in start: a full navigation to the server, which redirects to VK; no button when VK ID is off. */
export default function VkAuthPage() {
  const providers = useAuthProviders();
  const [search] = useSearchParams();
  const off = search.get('error') === 'off' || providers.data?.vk === false;
  const failed = search.get('error') === 'failed';
  return (
    <main className="page">
      <StatePanel
        icon={<Icon name="lock" sizePx={40} />}
        title={AUTH_STRINGS.vkPageTitle}
        text={off ? AUTH_STRINGS.vkOff : failed ? AUTH_STRINGS.vkStartFailed : AUTH_STRINGS.vkPageText}
        actions={
          off || !providers.data ? null : (
            <a className="btn btn--vk" href="/api/auth/vk">
              {AUTH_STRINGS.vkPageButton}
            </a>
          )
        }
      />
    </main>
  );
}
