import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ErrorCode } from '@portal/contracts';
import CardsAdmin from '../../../../web/src/features/rewards/components/CardsAdmin';
import { CATALOGUE, makeCard } from '../../../../web/src/features/rewards/testing/reward-fixtures';
import { fail, makeAdmin, ok } from '../../../support/fixtures';

const routes = {
  'GET /api/cards': ok({ cards: CATALOGUE }),
  'POST /api/admin/cards': ok(makeCard({ id: 'card-new', title: 'Тануки', file: 'tanuki.png' }), 201),
  'PUT /api/admin/cards/card-fox': ok({ ...CATALOGUE[1]!, title: 'Кицунэ-проказница' }),
  'DELETE /api/admin/cards/card-fox': ok({ ...CATALOGUE[1]!, retired: true }),
};

const meta = {
  title: 'features/rewards/components/CardsAdmin',
  component: CardsAdmin,
  parameters: { session: { token: 'story-admin-token', user: makeAdmin() }, route: '/admin', mockApi: routes },
} satisfies Meta<typeof CardsAdmin>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = async () => within(await screen.findByRole('list', { name: 'Карточки каталога' }));

/** The catalogue with rarity and weight, and the form for a new card. */
export const List: Story = {
  play: async () => {
    const items = (await list()).getAllByRole('listitem');
    await expect(items).toHaveLength(5);
    await expect(items[1]).toHaveTextContent('Кицунэ редкая, вес 25');
    await expect(screen.getByRole('form', { name: 'Новая карточка' })).toBeInTheDocument();
  },
};

/** A new card needs a title and a file; the weight is 1–1000. */
export const AddValidation: Story = {
  play: async () => {
    await list();
    const weight = screen.getByLabelText('Вес выпадения');
    await userEvent.clear(weight);
    await userEvent.type(weight, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить карточку' }));
    await expect(await screen.findByText('Введите название')).toBeInTheDocument();
    await expect(screen.getByText('Выберите файл карточки')).toBeInTheDocument();
    await expect(screen.getByText('Вес — целое число от 1 до 1000')).toBeInTheDocument();
  },
};

/** Upload: the file with its title, rarity and weight; the list is read again. */
export const AddWithUpload: Story = {
  play: async () => {
    await list();
    await userEvent.type(screen.getByLabelText('Название'), 'Тануки');
    await userEvent.selectOptions(screen.getByLabelText('Редкость'), 'rare');
    await userEvent.upload(screen.getByLabelText(/Файл карточки/), new File(['png'], 'tanuki.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Добавить карточку' }));
    await expect(await screen.findByText('Карточка «Тануки» добавлена')).toBeInTheDocument();
  },
};

/** The server refuses the file: its message under the form. */
export const AddRefused: Story = {
  parameters: { mockApi: { ...routes, 'POST /api/admin/cards': fail(400, ErrorCode.ValidationFailed, 'Файл карточки должен быть изображением или WebM') } },
  play: async () => {
    await list();
    await userEvent.type(screen.getByLabelText('Название'), 'Тануки');
    await userEvent.upload(screen.getByLabelText(/Файл карточки/), new File(['x'], 'tanuki.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Добавить карточку' }));
    await expect(await screen.findByText('Файл карточки должен быть изображением или WebM')).toBeInTheDocument();
  },
};

/** Editing a card's text and odds (the file stays). */
export const Edit: Story = {
  play: async () => {
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Изменить карточку «Кицунэ»' }));
    const form = await screen.findByRole('form', { name: 'Карточка «Кицунэ»' });
    await expect(within(form).queryByLabelText(/Файл карточки/)).not.toBeInTheDocument();
    const title = within(form).getByLabelText('Название');
    await userEvent.clear(title);
    await userEvent.type(title, 'Кицунэ-проказница');
    await userEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await expect(await screen.findByText('Карточка «Кицунэ-проказница» сохранена')).toBeInTheDocument();
  },
};

/** Retiring asks first (ConfirmDialog); collections keep the card. */
export const Retire: Story = {
  play: async () => {
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Снять с выпадения карточку «Кицунэ»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Снять карточку с выпадения?' });
    await expect(dialog).toHaveTextContent('У тех, кто её уже получил, она останется.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Снять с выпадения' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const Empty: Story = {
  parameters: { mockApi: { ...routes, 'GET /api/cards': ok({ cards: [] }) } },
  play: async () => {
    await expect(await screen.findByText('Карточек пока нет. Добавьте первую.')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { ...routes, 'GET /api/cards': fail(503, ErrorCode.ServiceUnavailable, 'Сервис наград недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить карточки')).toBeInTheDocument();
  },
};
