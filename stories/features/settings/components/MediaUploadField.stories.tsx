import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { MediaUploadField } from '../../../../web/src/features/settings/components/MediaUploadField';
import type { MediaKind } from '../../../../web/src/features/settings/lib/upload-validation';
import { useSession } from '../../../../web/src/shared/session/session-context';
import { fail, makeUser, ok } from '../../../support/fixtures';
import { PENDING, chooseFile, pickedFile, recorder, settingsSession, settingsUser, withObjectUrls } from '../settings-story-helpers';

const MB = 1024 * 1024;
const uploadedAvatar = makeUser({ avatar: 'u-1-3f1c0a52-6f0e-4c57-9d0a-2b3c4d5e6f70.gif', isAnimatedAvatar: true });
const avatarUploads = recorder(() => ok(uploadedAvatar));
const withAvatar = makeUser({ ...settingsUser, avatar: 'u-1-3f1c0a52-6f0e-4c57-9d0a-2b3c4d5e6f70.png' });
const withBanner = makeUser({ ...settingsUser, profileBanner: 'u-1-4a2b0c63-7f1e-4d68-8e1b-3c4d5e6f7081.webm', isAnimatedBanner: true });
const avatarRemovals = recorder(() => ok({ ...withAvatar, avatar: null, isAnimatedAvatar: false }));

/** The field as the settings page shows it: fed by the session's user, so a removal shows at once. */
function SessionField({ kind }: { kind: MediaKind }) {
  const { user } = useSession();
  return user ? <MediaUploadField kind={kind} user={user} /> : null;
}

const meta = {
  title: 'features/settings/components/MediaUploadField',
  component: MediaUploadField,
  args: { kind: 'avatar', user: settingsUser },
  decorators: [(Story) => <div className="page">{Story()}</div>],
  beforeEach: withObjectUrls,
  parameters: {
    session: settingsSession,
    mockApi: {
      'POST /api/users/me/avatar': avatarUploads.handler,
      'POST /api/users/me/banner': ok(makeUser({ profileBanner: 'b.webm', isAnimatedBanner: true })),
    },
  },
} satisfies Meta<typeof MediaUploadField>;

export default meta;
type Story = StoryObj<typeof meta>;

const avatarInput = () => screen.findByLabelText('Выбрать файл (аватар)');

/** No upload yet: the default avatar and the limit. */
export const CurrentAvatar: Story = {
  play: async () => {
    await expect(await screen.findByRole('img', { name: 'Аватар: сейчас' })).toHaveAttribute('src', '/default-avatar.svg');
    await expect(screen.getByText('До 2 МБ')).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Загрузить' })).not.toBeInTheDocument();
    // Nothing to remove.
    await expect(screen.queryByRole('button', { name: 'Удалить аватар' })).not.toBeInTheDocument();
  },
};

/** An animated banner already set (WebM): shown as a muted looping video, never with controls. */
export const CurrentAnimatedBanner: Story = {
  args: { kind: 'banner', user: makeUser({ profileBanner: 'u-1-bg.webm', isAnimatedBanner: true }) },
  play: async ({ canvasElement }) => {
    const video = canvasElement.ownerDocument.querySelector('video');
    await expect(video).not.toBeNull();
    await expect(video).toHaveAttribute('aria-label', 'Баннер профиля: сейчас');
    await expect(video!.muted).toBe(true);
    await expect(video!.loop).toBe(true);
    await expect(video!.autoplay).toBe(true);
    await expect(video).toHaveAttribute('playsinline');
    await expect(video).not.toHaveAttribute('controls');
    await expect(screen.getByText('Баннер профиля: сейчас · анимированный')).toBeInTheDocument();
    await expect(screen.getByText('До 5 МБ')).toBeInTheDocument();
  },
};

/** A GIF chosen: previewed as an image (it moves by itself) beside the current one, ready to upload. */
export const GifPreview: Story = {
  play: async () => {
    chooseFile(await avatarInput(), pickedFile('dance.gif', 'image/gif'));
    await expect(await screen.findByRole('img', { name: 'Аватар: новый, ещё не загружен' })).toHaveAttribute('src', 'blob:preview/dance.gif');
    await expect(screen.getByRole('button', { name: 'Загрузить' })).toBeEnabled();
    await expect(screen.getByRole('button', { name: 'Отмена' })).toBeEnabled();
  },
};

/** A WebM chosen for the banner: previewed as a muted looping video. */
export const WebmPreview: Story = {
  args: { kind: 'banner' },
  play: async ({ canvasElement }) => {
    chooseFile(await screen.findByLabelText('Выбрать файл (баннер профиля)'), pickedFile('waves.webm', 'video/webm', 3 * MB));
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('video[aria-label="Баннер профиля: новый, ещё не загружен"]')).not.toBeNull());
    const video = canvasElement.ownerDocument.querySelector<HTMLVideoElement>('video[aria-label="Баннер профиля: новый, ещё не загружен"]')!;
    await expect(video).toHaveAttribute('src', 'blob:preview/waves.webm');
    await expect(video.muted).toBe(true);
    await expect(video.loop).toBe(true);
  },
};

/** Refused before sending: the wrong type, whatever the picker allowed. */
export const WrongType: Story = {
  play: async () => {
    const input = await avatarInput();
    chooseFile(input, pickedFile('logo.svg', 'image/svg+xml'));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Аватар: подходят только изображения PNG, JPEG, WebP, GIF или видео WebM');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(screen.queryByRole('button', { name: 'Загрузить' })).not.toBeInTheDocument();
  },
};

export const TooLarge: Story = {
  play: async () => {
    chooseFile(await avatarInput(), pickedFile('huge.png', 'image/png', 3 * MB));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Аватар слишком большой: не больше 2 МБ');
  },
};

export const Uploading: Story = {
  parameters: { mockApi: { 'POST /api/users/me/avatar': PENDING } },
  play: async () => {
    chooseFile(await avatarInput(), pickedFile('me.png', 'image/png'));
    await userEvent.click(await screen.findByRole('button', { name: 'Загрузить' }));
    await expect(await screen.findByRole('button', { name: 'Загружаем...' })).toBeDisabled();
    await expect(screen.getByRole('button', { name: 'Отмена' })).toBeDisabled();
    await expect(await avatarInput()).toBeDisabled();
  },
};

/** Uploaded: a toast, the preview gone, the session's user points at the new file (animated). */
export const Uploaded: Story = {
  play: async () => {
    avatarUploads.bodies.length = 0;
    chooseFile(await avatarInput(), pickedFile('dance.gif', 'image/gif'));
    await userEvent.click(await screen.findByRole('button', { name: 'Загрузить' }));
    await expect(await screen.findByText('Аватар обновлён')).toBeInTheDocument();
    await expect(avatarUploads.bodies).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Загрузить' })).not.toBeInTheDocument());
    const stored = JSON.parse(window.localStorage.getItem('user') ?? '{}');
    await expect(stored).toMatchObject({ avatar: uploadedAvatar.avatar, isAnimatedAvatar: true });
  },
};

/** The server refuses (content is not an image, or too large): its message under the field, the file kept for another try. */
export const UploadError: Story = {
  parameters: {
    mockApi: {
      'POST /api/users/me/avatar': fail(413, ErrorCode.ValidationFailed, 'Аватар слишком большой: не больше 2 МБ', [
        { field: 'file', message: 'Аватар слишком большой: не больше 2 МБ' },
      ]),
    },
  },
  play: async () => {
    chooseFile(await avatarInput(), pickedFile('me.png', 'image/png'));
    await userEvent.click(await screen.findByRole('button', { name: 'Загрузить' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Аватар слишком большой: не больше 2 МБ');
    await expect(screen.getByRole('button', { name: 'Загрузить' })).toBeEnabled();
  },
};

export const Cancelled: Story = {
  play: async () => {
    chooseFile(await avatarInput(), pickedFile('me.png', 'image/png'));
    await userEvent.click(await screen.findByRole('button', { name: 'Отмена' }));
    await expect(screen.queryByRole('img', { name: 'Аватар: новый, ещё не загружен' })).not.toBeInTheDocument();
    await expect(screen.getByText('До 2 МБ')).toBeInTheDocument();
  },
};

/** An avatar set: shown, with a way to remove it (hidden while a new file waits to be uploaded). */
export const WithAvatar: Story = {
  args: { user: withAvatar },
  play: async () => {
    await expect(await screen.findByRole('img', { name: 'Аватар: сейчас' })).toHaveAttribute('src', `/uploads/avatars/${withAvatar.avatar}`);
    await expect(screen.getByRole('button', { name: 'Удалить аватар' })).toBeEnabled();
    chooseFile(await avatarInput(), pickedFile('me.png', 'image/png'));
    await expect(await screen.findByRole('button', { name: 'Загрузить' })).toBeEnabled();
    await expect(screen.queryByRole('button', { name: 'Удалить аватар' })).not.toBeInTheDocument();
  },
};

/** "Удалить аватар" asks first; "Оставить" closes the question and sends nothing. */
export const RemoveConfirm: Story = {
  args: { user: withAvatar },
  parameters: { mockApi: { 'DELETE /api/users/me/avatar': avatarRemovals.handler } },
  play: async () => {
    avatarRemovals.bodies.length = 0;
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить аватар' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Удалить аватар?' }));
    await expect(dialog.getByText('Вместо него будет показана картинка по умолчанию. Новый файл можно загрузить в любой момент.')).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Удалить' })).toBeEnabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Оставить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(avatarRemovals.bodies).toHaveLength(0);
    await expect(screen.getByRole('img', { name: 'Аватар: сейчас' })).toHaveAttribute('src', `/uploads/avatars/${withAvatar.avatar}`);
  },
};

export const Removing: Story = {
  args: { user: withAvatar },
  parameters: { mockApi: { 'DELETE /api/users/me/avatar': PENDING } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить аватар' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Удалить аватар?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Удалить' }));
    await expect(await dialog.findByRole('button', { name: 'Удаляем...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Оставить' })).toBeDisabled();
  },
};

/** Removed: a toast, the default avatar in the preview, nothing left to remove, the session updated. */
export const Removed: Story = {
  render: () => <SessionField kind="avatar" />,
  parameters: { session: { token: 'story-token', user: withAvatar }, mockApi: { 'DELETE /api/users/me/avatar': avatarRemovals.handler } },
  play: async () => {
    avatarRemovals.bodies.length = 0;
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить аватар' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Удалить аватар?' })).getByRole('button', { name: 'Удалить' }));
    await expect(await screen.findByText('Аватар удалён')).toBeInTheDocument();
    await expect(avatarRemovals.bodies).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(screen.getByRole('img', { name: 'Аватар: сейчас' })).toHaveAttribute('src', '/default-avatar.svg');
    await expect(screen.queryByRole('button', { name: 'Удалить аватар' })).not.toBeInTheDocument();
    await expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ avatar: null, isAnimatedAvatar: false });
  },
};

/** An animated banner removed: the default banner, as an image. */
export const BannerRemoved: Story = {
  render: () => <SessionField kind="banner" />,
  parameters: {
    session: { token: 'story-token', user: withBanner },
    mockApi: { 'DELETE /api/users/me/banner': ok({ ...withBanner, profileBanner: null, isAnimatedBanner: false }) },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.querySelector('video')).not.toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить баннер' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Удалить баннер?' })).getByRole('button', { name: 'Удалить' }));
    await expect(await screen.findByText('Баннер удалён')).toBeInTheDocument();
    await expect(await screen.findByRole('img', { name: 'Баннер профиля: сейчас' })).toHaveAttribute('src', '/default-banner.svg');
    await expect(canvasElement.ownerDocument.querySelector('video')).toBeNull();
  },
};

/** The server refuses: its message in the dialog, which stays open for another try; the avatar stays. */
export const RemoveError: Story = {
  args: { user: withAvatar },
  parameters: { mockApi: { 'DELETE /api/users/me/avatar': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить аватар' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Удалить аватар?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Удалить' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Сервис временно недоступен');
    await expect(dialog.getByRole('button', { name: 'Удалить' })).toBeEnabled();
    // Behind the open dialog (hidden from the accessibility tree meanwhile).
    await expect(screen.getByAltText('Аватар: сейчас')).toHaveAttribute('src', `/uploads/avatars/${withAvatar.avatar}`);
  },
};
