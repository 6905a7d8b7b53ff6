import { EPISODE_UPLOAD_MESSAGES, ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { EpisodeMarkersDialog } from '../../../../web/src/features/episodes-admin/components/EpisodeMarkersDialog';
import { detectedEpisode, manualEpisode, unmarkedEpisode } from '../../../../web/src/features/episodes-admin/testing/episodes-admin-fixtures';
import { ApiError } from '../../../../web/src/shared/api/api-error';

/** «Изменить отметки» of an uploaded episode: its opening and ending in m:ss or h:mm:ss, or none of either. */
const meta = {
  title: 'features/episodes-admin/components/EpisodeMarkersDialog',
  component: EpisodeMarkersDialog,
  args: { open: true, episode: detectedEpisode(), pending: false, error: null, onOpenChange: fn(), onSubmit: fn() },
} satisfies Meta<typeof EpisodeMarkersDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async (number: number) => within(await screen.findByRole('dialog', { name: `Опенинг и эндинг серии ${number}` }));
type View = Awaited<ReturnType<typeof dialog>>;
const field = (view: View, name: string) => view.getByRole('textbox', { name });
const retype = async (input: HTMLElement, text: string) => {
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
};

/** An episode with nothing found yet: four empty fields, neither «нет» ticked; saving empty asks for the times. */
export const Empty: Story = {
  args: { episode: unmarkedEpisode() },
  play: async ({ args }) => {
    const view = await dialog(5);
    await expect(view.getByText('Длительность серии 23:40')).toBeInTheDocument();
    for (const name of ['Начало опенинга', 'Конец опенинга', 'Начало эндинга', 'Конец эндинга']) await expect(field(view, name)).toHaveValue('');
    await expect(view.getByRole('checkbox', { name: 'Нет опенинга' })).not.toBeChecked();
    await expect(view.getByRole('checkbox', { name: 'Нет эндинга' })).not.toBeChecked();
    await userEvent.click(view.getByRole('button', { name: 'Сохранить' }));
    await expect(view.getAllByText('Укажите время')).toHaveLength(4);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Found by ear: the spans fill the fields; a corrected start is sent in seconds with the rest. */
export const Filled: Story = {
  play: async ({ args }) => {
    const view = await dialog(3);
    await expect(field(view, 'Начало опенинга')).toHaveValue('0:05');
    await expect(field(view, 'Конец опенинга')).toHaveValue('1:35');
    await expect(field(view, 'Начало эндинга')).toHaveValue('22:10');
    await expect(field(view, 'Конец эндинга')).toHaveValue('23:40');
    await retype(field(view, 'Начало опенинга'), '0:07');
    await userEvent.click(view.getByRole('button', { name: 'Сохранить' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ opening: { start: 7, end: 95 }, ending: { start: 1330, end: 1420 } });
  },
};

/** Set by hand without an ending: «Нет эндинга» ticked and its fields off. */
export const ManualWithoutEnding: Story = {
  args: { episode: manualEpisode() },
  play: async ({ args }) => {
    const view = await dialog(4);
    await expect(view.getByRole('checkbox', { name: 'Нет эндинга' })).toBeChecked();
    await expect(field(view, 'Начало эндинга')).toBeDisabled();
    await expect(field(view, 'Конец эндинга')).toBeDisabled();
    await userEvent.click(view.getByRole('button', { name: 'Сохранить' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ opening: { start: 90, end: 180 }, ending: null });
  },
};

/** «Нет опенинга» sends null for it. */
export const NoOpening: Story = {
  play: async ({ args }) => {
    const view = await dialog(3);
    await userEvent.click(view.getByRole('checkbox', { name: 'Нет опенинга' }));
    await expect(field(view, 'Начало опенинга')).toBeDisabled();
    await userEvent.click(view.getByRole('button', { name: 'Сохранить' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ opening: null, ending: { start: 1330, end: 1420 } });
  },
};

/** What cannot be read, a start after its end and an end past the episode's 23:40, each under its field; nothing is sent. */
export const FieldError: Story = {
  play: async ({ args }) => {
    const view = await dialog(3);
    await retype(field(view, 'Начало опенинга'), '1:5');
    await retype(field(view, 'Начало эндинга'), '23:00');
    await retype(field(view, 'Конец эндинга'), '23:41');
    await userEvent.click(view.getByRole('button', { name: 'Сохранить' }));
    await expect(view.getByText('Время в виде м:сс или ч:мм:сс, например 1:35')).toBeInTheDocument();
    await expect(field(view, 'Начало опенинга')).toHaveAttribute('aria-invalid', 'true');
    await expect(view.getByText(EPISODE_UPLOAD_MESSAGES.spanPastEnd)).toBeInTheDocument();
    await expect(field(view, 'Конец эндинга')).toHaveAttribute('aria-invalid', 'true');
    await retype(field(view, 'Начало опенинга'), '2:00');
    await expect(view.getByText(EPISODE_UPLOAD_MESSAGES.badSpan)).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Sending: nothing can be changed or closed until the server answers. */
export const Saving: Story = {
  args: { pending: true },
  play: async () => {
    const view = await dialog(3);
    await expect(view.getByRole('button', { name: 'Сохранение...' })).toBeDisabled();
    await expect(view.getByRole('button', { name: 'Отмена' })).toBeDisabled();
    await expect(field(view, 'Начало опенинга')).toBeDisabled();
    await expect(view.getByRole('checkbox', { name: 'Нет эндинга' })).toBeDisabled();
  },
};

/** The server refused (the episode is shorter than it said): its Russian message under the buttons. */
export const ServerError: Story = {
  args: { error: new ApiError(EPISODE_UPLOAD_MESSAGES.spanPastEnd, 400, ErrorCode.ValidationFailed) },
  play: async () => {
    const view = await dialog(3);
    await expect(view.getByRole('alert')).toHaveTextContent(EPISODE_UPLOAD_MESSAGES.spanPastEnd);
    await expect(view.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
  },
};

/** A refusal naming a span goes under that span's end. */
export const ServerFieldError: Story = {
  args: { error: new ApiError('Ошибка валидации', 400, ErrorCode.ValidationFailed, [{ field: 'opening', message: EPISODE_UPLOAD_MESSAGES.badSpan }]) },
  play: async () => {
    const view = await dialog(3);
    await expect(view.getByText(EPISODE_UPLOAD_MESSAGES.badSpan)).toBeInTheDocument();
    await expect(field(view, 'Конец опенинга')).toHaveAttribute('aria-invalid', 'true');
    await expect(view.queryByText('Ошибка валидации')).toBeNull();
  },
};
