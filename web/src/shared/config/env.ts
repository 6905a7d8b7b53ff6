import type { WebEnv } from './env-schema';

/** Validated and inlined by vite.config.ts (see env-schema.ts); every key is defined here. */
export const env: WebEnv = {
  VITE_API_BASE_URL: import.meta.env.VITE_API_BASE_URL,
  VITE_ASSETS_BASE_URL: import.meta.env.VITE_ASSETS_BASE_URL,
  VITE_CONTACT_EMAIL: import.meta.env.VITE_CONTACT_EMAIL,
  VITE_VK_GROUP_URL: import.meta.env.VITE_VK_GROUP_URL,
  VITE_TELEGRAM_CHANNEL_URL: import.meta.env.VITE_TELEGRAM_CHANNEL_URL,
};
