import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { describe, it } from 'vitest';
import preview from './.storybook/preview';

/**
 * Every story of the workbench runs here as a test: rendered with the same decorators as in
 * Storybook, with its play function (and its assertions) executed in jsdom.
 */
setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

for (const [file, module] of Object.entries(modules)) {
  describe(file.replace(/^\.\//, ''), () => {
    const stories = Object.entries(composeStories(module) as Record<string, { run(): Promise<void> }>);
    for (const [name, Story] of stories) {
      it(name, async () => {
        await Story.run();
      });
    }
  });
}
