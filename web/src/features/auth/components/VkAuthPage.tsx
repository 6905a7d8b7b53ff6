import { Icon } from '../../../shared/ui/Icon';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { AUTH_STRINGS } from '../strings';

/** Social sign-in start: a full navigation to the server, which redirects to VK. */
export default function VkAuthPage() {
  return (
    <main className="page">
      <StatePanel
        icon={<Icon name="lock" sizePx={40} />}
        title={AUTH_STRINGS.vkPageTitle}
        text={AUTH_STRINGS.vkPageText}
        actions={
          <a className="btn btn--vk" href="/api/auth/vk">
            {AUTH_STRINGS.vkPageButton}
          </a>
        }
      />
    </main>
  );
}
