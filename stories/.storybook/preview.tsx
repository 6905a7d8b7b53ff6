import type { Preview } from '@storybook/react-vite';
import { withPortal, installStoryApi } from '../support/portal-decorator';
import '../../web/src/shared/ui/theme.css';
import '../../web/src/app/layout/layout.css';

const preview: Preview = {
  decorators: [withPortal],
  // Each story brings its own fake API (parameters.mockApi) and a clean local storage.
  beforeEach: ({ parameters }) => installStoryApi(parameters),
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    backgrounds: { disable: true },
  },
};

export default preview;
