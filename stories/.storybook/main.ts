import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

// The workbench builds with the client's own Vite config: same React plugin, env checks and
// the @portal/contracts alias.
const webViteConfig = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));

const config: StorybookConfig = {
  stories: ['../**/*.stories.@(ts|tsx)'],
  framework: {
    name: '@storybook/react-vite',
    options: { builder: { viteConfigPath: webViteConfig } },
  },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
};

export default config;
