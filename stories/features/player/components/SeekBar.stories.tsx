import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, screen } from 'storybook/test';
import { SeekBar } from '../../../../web/src/features/player/components/SeekBar';
import { parseThumbnailsVtt } from '../../../../web/src/features/player/lib/seek-thumbnails';
import { EPISODE_SECONDS, THUMBNAILS_URL, seekThumbnailsVtt } from '../player-story-helpers';

/** A thumbnail a minute of the 23:40 episode, on generated sprites (SVG data URLs: each its own hue and time). */
const THUMBNAILS = parseThumbnailsVtt(seekThumbnailsVtt(EPISODE_SECONDS, 60), new URL(THUMBNAILS_URL, 'https://portal.test').href);

const meta = {
  title: 'features/player/components/SeekBar',
  component: SeekBar,
  args: { time: 200, duration: EPISODE_SECONDS, onSeek: fn(), thumbnails: THUMBNAILS },
  decorators: [
    // The player's controls on a dark picture, with room above the bar for the preview.
    (Story) => (
      <div className="player__controls" style={{ position: 'relative', width: 640, maxWidth: '100%', paddingTop: 160, background: '#223' }}>
        {Story()}
      </div>
    ),
  ],
} satisfies Meta<typeof SeekBar>;

export default meta;
type Story = StoryObj<typeof meta>;

const slider = () => screen.getByRole('slider', { name: 'Перемотка' });
const preview = () => screen.queryByTestId('seek-preview');

/** Hovering 12:30 of the episode: the thumbnail of 12:00–13:00 above the bar, the time under it. */
export const WithThumbnailPreview: Story = {
  args: { initialPreviewTime: 750 },
  play: async () => {
    const box = preview();
    await expect(box).toHaveTextContent('12:30');
    const picture = box?.querySelector<HTMLElement>('.seek-preview__picture');
    await expect(picture?.style.backgroundImage).toMatch(/^url\("data:image\/svg\+xml,/);
    // The 13th thumbnail: third in the second row of its sprite.
    await expect(picture?.style.backgroundPosition).toBe('-320px -90px');
    await expect([picture?.style.width, picture?.style.height]).toEqual(['160px', '90px']);
    await expect(slider()).toHaveAttribute('aria-valuetext', '3:20 из 23:40');
  },
};

/** Near the end: the box stays within the bar instead of hanging past its end. */
export const PreviewAtTheEnd: Story = {
  args: { initialPreviewTime: EPISODE_SECONDS - 5 },
  play: async () => {
    await expect(preview()).toHaveTextContent('23:35');
    await expect(preview()?.style.getPropertyValue('--seek-preview-at')).toMatch(/^99\.6/);
  },
};

/** An episode without thumbnails (the samples), or whose track did not load: the bar as it always was, no preview. */
export const WithoutThumbnails: Story = {
  args: { thumbnails: null, initialPreviewTime: 750 },
  play: async ({ args }) => {
    await expect(preview()).not.toBeInTheDocument();
    fireEvent.pointerMove(slider(), { clientX: 100, pointerType: 'mouse' });
    await expect(preview()).not.toBeInTheDocument();
    fireEvent.change(slider(), { target: { value: '600' } });
    await expect(args.onSeek).toHaveBeenCalledWith(600);
  },
};

/** Before the stream tells its length: the bar is off. */
export const BeforeTheStream: Story = {
  args: { duration: null, time: 0 },
  play: async () => {
    await expect(slider()).toBeDisabled();
    await expect(preview()).not.toBeInTheDocument();
  },
};
