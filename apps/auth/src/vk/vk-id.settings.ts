import type { AuthEnv } from '@portal/config';

export const VK_ID_SETTINGS = Symbol('VK_ID_SETTINGS');

/** VK ID as configured; `null` without a client id (the button is hidden). */
export interface VkIdSettings {
  clientId: string;
  idUrl: string;
  redirectUrl: string;
  stateTtlSeconds: number;
}

export function vkIdSettingsOf(config: AuthEnv): VkIdSettings | null {
  if (!config.VK_CLIENT_ID || !config.VK_REDIRECT_URL) return null;
  return {
    clientId: config.VK_CLIENT_ID,
    idUrl: config.VK_ID_URL.replace(/\/+$/, ''),
    redirectUrl: config.VK_REDIRECT_URL,
    stateTtlSeconds: config.VK_STATE_TTL_SECONDS,
  };
}
