import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import SettingsPage from '../../../../web/src/features/settings/components/SettingsPage';
import { fail, makeUser } from '../../../support/fixtures';
import { PENDING, profileAnswer, recorder, settingsSession } from '../settings-story-helpers';

const profileUpdates = recorder(profileAnswer);

const meta = {
  title: 'features/settings/components/SettingsPage',
  component: SettingsPage,
  parameters: { route: '/settings', session: settingsSession, mockApi: { 'PUT /api/auth/profile': profileUpdates.handler } },
} satisfies Meta<typeof SettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const nameField = () => screen.findByLabelText('Отображаемое имя');
const section = (name: string) => within(screen.getByRole('region', { name }));

/** Every section: profile, avatar and banner, playback, list import and export. */
export const Default: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Настройки' })).toBeInTheDocument();
    for (const name of ['Профиль', 'Аватар и баннер', 'Просмотр', 'Импорт и экспорт списка']) {
      await expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    await expect(await nameField()).toHaveValue('Сакура');
    await expect(screen.getByText('Ник для входа и ссылки на профиль не меняется: @sakura')).toBeInTheDocument();
    // Nothing changed yet: nothing to save.
    await expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    await expect(screen.getByRole('checkbox', { name: 'Пропускать опенинги автоматически' })).not.toBeChecked();
  },
};

export const DisplayNameSaving: Story = {
  parameters: { mockApi: { 'PUT /api/auth/profile': PENDING } },
  play: async () => {
    const field = await nameField();
    await userEvent.clear(field);
    await userEvent.type(field, 'Сакура Харуно');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await expect(await screen.findByRole('button', { name: 'Сохраняем...' })).toBeDisabled();
  },
};

/** Saved: a toast, and the session's user carries the new name (the field keeps it). */
export const DisplayNameSaved: Story = {
  play: async () => {
    profileUpdates.bodies.length = 0;
    const field = await nameField();
    await userEvent.clear(field);
    await userEvent.type(field, '  Сакура Харуно ');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await expect(await screen.findByText('Имя обновлено')).toBeInTheDocument();
    await expect(profileUpdates.bodies).toEqual([{ displayName: 'Сакура Харуно' }]);
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').displayName).toBe('Сакура Харуно'));
    await expect(await nameField()).toHaveValue('Сакура Харуно');
  },
};

/** Checked before sending: an empty name never leaves the page. */
export const DisplayNameValidationError: Story = {
  play: async () => {
    profileUpdates.bodies.length = 0;
    const field = await nameField();
    await userEvent.clear(field);
    await userEvent.type(field, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Введите отображаемое имя');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(profileUpdates.bodies).toEqual([]);
  },
};

/** The server's field error shows under the field. */
export const DisplayNameServerError: Story = {
  parameters: {
    mockApi: {
      'PUT /api/auth/profile': fail(400, ErrorCode.ValidationFailed, 'Имя должно быть не длиннее 64 символов', [
        { field: 'displayName', message: 'Имя должно быть не длиннее 64 символов' },
      ]),
    },
  },
  play: async () => {
    const field = await nameField();
    await userEvent.type(field, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Имя должно быть не длиннее 64 символов');
  },
};

/** A toggle is saved at once (only that field), with a toast; the session remembers it. */
export const SkipOpeningSaved: Story = {
  play: async () => {
    profileUpdates.bodies.length = 0;
    const box = await screen.findByRole('checkbox', { name: 'Пропускать опенинги автоматически' });
    await userEvent.click(box);
    await expect(await screen.findByText('Настройка плеера сохранена')).toBeInTheDocument();
    await expect(profileUpdates.bodies).toEqual([{ skipOpening: true }]);
    await expect(box).toBeChecked();
    await expect(screen.getByRole('checkbox', { name: 'Пропускать эндинги автоматически' })).not.toBeChecked();
  },
};

export const SkipEndingSaving: Story = {
  parameters: { mockApi: { 'PUT /api/auth/profile': PENDING } },
  play: async () => {
    const box = await screen.findByRole('checkbox', { name: 'Пропускать эндинги автоматически' });
    await userEvent.click(box);
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();
    await expect(section('Просмотр').getByRole('status')).toHaveTextContent('Сохраняем...');
  },
};

/** A failed save: an error toast, and the box shows what is really saved (still off). */
export const SkipEndingError: Story = {
  parameters: { mockApi: { 'PUT /api/auth/profile': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже') } },
  play: async () => {
    const box = await screen.findByRole('checkbox', { name: 'Пропускать эндинги автоматически' });
    await userEvent.click(box);
    await expect(await screen.findByText('Сервис временно недоступен, попробуйте позже')).toBeInTheDocument();
    await waitFor(() => expect(box).not.toBeChecked());
    await expect(box).toBeEnabled();
  },
};

/** Settings already on: both boxes checked. */
export const PreferencesOn: Story = {
  parameters: { session: { token: 'story-token', user: makeUser({ skipOpening: true, skipEnding: true }) } },
  play: async () => {
    await expect(await screen.findByRole('checkbox', { name: 'Пропускать опенинги автоматически' })).toBeChecked();
    await expect(screen.getByRole('checkbox', { name: 'Пропускать эндинги автоматически' })).toBeChecked();
  },
};
