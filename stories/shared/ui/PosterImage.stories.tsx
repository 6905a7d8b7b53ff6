import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, screen, waitFor } from 'storybook/test';
import { PosterImage } from '../../../web/src/shared/ui/PosterImage';
import { UNREACHABLE_IMAGE, svgPoster } from '../../features/catalogue/catalogue-story-helpers';

const meta = {
  title: 'shared/ui/PosterImage',
  component: PosterImage,
  args: { src: svgPoster('Постер', 200), fallbackSrc: svgPoster('Запасной', 250), alt: 'Постер «Твоё имя»' },
  decorators: [(Story) => <div style={{ width: 200, padding: 16 }}>{Story()}</div>],
} satisfies Meta<typeof PosterImage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const RealPoster: Story = {
  play: async ({ args }) => {
    const image = await screen.findByRole('img', { name: 'Постер «Твоё имя»' });
    await expect(image).toHaveAttribute('src', args.src);
    await expect(image).toHaveAttribute('loading', 'lazy');
  },
};

/** No internet: the real address fails and the generated poster takes its place. */
export const UnreachablePosterFallsBack: Story = {
  args: { src: UNREACHABLE_IMAGE },
  play: async ({ args }) => {
    const image = await screen.findByRole('img', { name: 'Постер «Твоё имя»' });
    // jsdom loads no images: fire the browser's error event ourselves (a real browser fires it by itself).
    if (image.getAttribute('src') === UNREACHABLE_IMAGE) fireEvent.error(image);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Постер «Твоё имя»' })).toHaveAttribute('src', args.fallbackSrc));
  },
};
