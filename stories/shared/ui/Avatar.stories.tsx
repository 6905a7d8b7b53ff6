import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, screen, waitFor } from 'storybook/test';
import { Avatar } from '../../../web/src/shared/ui/Avatar';

const meta = {
  title: 'shared/ui/Avatar',
  component: Avatar,
  args: { src: 'sakura.png', alt: 'Аватар sakura', sizePx: 48 },
  decorators: [(Story) => <div style={{ padding: '1rem' }}>{Story()}</div>],
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

const video = (canvasElement: HTMLElement) => canvasElement.ownerDocument.querySelector('video');

/** A still (or GIF) avatar: an image from the avatars folder. */
export const Image: Story = {
  play: async ({ canvasElement }) => {
    const image = screen.getByRole('img', { name: 'Аватар sakura' });
    await expect(image.tagName).toBe('IMG');
    await expect(image).toHaveAttribute('src', '/uploads/avatars/sakura.png');
    await expect(image).toHaveAttribute('width', '48');
    await expect(video(canvasElement)).toBeNull();
  },
};

/** No avatar set: the default picture. */
export const NoAvatar: Story = {
  args: { src: null },
  play: async () => {
    await expect(screen.getByRole('img', { name: 'Аватар sakura' })).toHaveAttribute('src', '/default-avatar.svg');
  },
};

/** A WebM avatar plays as a muted, looping, inline video without controls, named like the image. */
export const Webm: Story = {
  args: { src: 'u-1-clip.webm' },
  play: async ({ canvasElement }) => {
    const clip = video(canvasElement)!;
    await expect(clip).not.toBeNull();
    await expect(screen.getByRole('img', { name: 'Аватар sakura' })).toBe(clip);
    await expect(clip).toHaveAttribute('src', '/uploads/avatars/u-1-clip.webm');
    await expect(clip.muted).toBe(true);
    await expect(clip.loop).toBe(true);
    await expect(clip.autoplay).toBe(true);
    await expect(clip).toHaveAttribute('playsinline');
    await expect(clip).not.toHaveAttribute('controls');
  },
};

/** Beside a visible name the clip is decorative: hidden from screen readers. */
export const DecorativeWebm: Story = {
  args: { src: 'https://cdn.example.com/a/clip.webm?v=2', alt: '' },
  play: async ({ canvasElement }) => {
    const clip = video(canvasElement)!;
    await expect(clip).toHaveAttribute('src', 'https://cdn.example.com/a/clip.webm?v=2');
    await expect(clip).toHaveAttribute('aria-hidden', 'true');
    await expect(clip).not.toHaveAttribute('role');
  },
};

/** The viewer asks for reduced motion: the clip stays still on its first frame. */
export const WebmReducedMotion: Story = {
  args: { src: 'u-1-clip.webm' },
  beforeEach: () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({
        matches: query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList;
    return () => {
      window.matchMedia = original;
    };
  },
  play: async ({ canvasElement }) => {
    const clip = video(canvasElement)!;
    await expect(clip.autoplay).toBe(false);
    await expect(clip.muted).toBe(true);
  },
};

/** A file that does not load (deleted, moved): the default picture instead of a broken image. */
export const BrokenImage: Story = {
  args: { src: 'gone.png' },
  play: async () => {
    const image = screen.getByRole('img', { name: 'Аватар sakura' });
    await expect(image).toHaveAttribute('src', '/uploads/avatars/gone.png');
    fireEvent.error(image);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Аватар sakura' })).toHaveAttribute('src', '/default-avatar.svg'));
  },
};

/** A WebM that does not load: the default picture, as an image. */
export const BrokenWebm: Story = {
  args: { src: 'gone.webm' },
  play: async ({ canvasElement }) => {
    fireEvent.error(video(canvasElement)!);
    await waitFor(() => expect(video(canvasElement)).toBeNull());
    const image = screen.getByRole('img', { name: 'Аватар sakura' });
    await expect(image.tagName).toBe('IMG');
    await expect(image).toHaveAttribute('src', '/default-avatar.svg');
  },
};
