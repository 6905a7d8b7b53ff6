import type { Provider } from '@nestjs/common';
import type { AuthEnv } from '@portal/config';
import { VkSignInStateStore } from './services/vk-sign-in-state.store';
import { VkSignInService } from './services/vk-sign-in.service';
import { SocialAccountsRepository } from './social-accounts.repository';
import { VkIdClient } from './vk-id.client';
import { VK_ID_SETTINGS, vkIdSettingsOf } from './vk-id.settings';
import { VK_ID_CLIENT } from './vk.tokens';

/** VK ID sign-in's parts; with VK not configured, the settings and the client are `null`. */
export function vkProviders(config: AuthEnv): Provider[] {
  const settings = vkIdSettingsOf(config);
  return [
    { provide: VK_ID_SETTINGS, useValue: settings },
    { provide: VK_ID_CLIENT, useValue: settings ? new VkIdClient(settings) : null },
    SocialAccountsRepository,
    VkSignInStateStore,
    VkSignInService,
  ];
}
