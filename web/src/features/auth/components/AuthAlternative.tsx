import { useAuthProviders } from '../api/vk';
import { AUTH_STRINGS } from '../strings';

/** "Or sign in with": the VK button is a full navigation to the server's OAuth start, shown only when VK ID is configured. */
export function AuthAlternative({ label }: { label: string }) {
  const providers = useAuthProviders();
  if (providers.data?.vk !== true) return null;
  return (
    <div className="form__alt">
      <span>{label}</span>
      <a className="btn btn--vk btn--block" href="/api/auth/vk">
        {AUTH_STRINGS.vkButton}
      </a>
    </div>
  );
}
