/// <reference types="vite/client" />

// Always defined: vite.config.ts validates these and inlines the defaults.
interface ImportMetaEnv {
  readonly VITE_API_BASE_URL: string;
  readonly VITE_ASSETS_BASE_URL: string;
  readonly VITE_CONTACT_EMAIL: string;
  readonly VITE_VK_GROUP_URL: string;
  readonly VITE_TELEGRAM_CHANNEL_URL: string;
}

// hls.js ships no types for its light build; it is the same class with fewer features.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
