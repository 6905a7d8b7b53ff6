import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import CharacterPage from '../../../../web/src/features/catalogue/components/CharacterPage';
import { fail, ok } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';
import { AT_375 } from '../catalogue-story-helpers';
import { CHARACTER, SPARSE_CHARACTER } from '../people-fixtures';

const CharacterRoute = pageAtRoute('/characters/:id', CharacterPage);

const meta = {
  title: 'features/catalogue/components/CharacterPage',
  component: CharacterRoute,
  parameters: { route: '/characters/11', mockApi: { 'GET /api/characters/11': ok(CHARACTER) } },
} satisfies Meta<typeof CharacterRoute>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Эдвард Элрик' })).toBeInTheDocument();
    await expect(screen.getByText('Edward Elric · エドワード・エルリック')).toBeInTheDocument();
    await expect(screen.getByRole('img', { name: 'Эдвард Элрик' })).toBeInTheDocument();
    // The description is plain text: markup in it is shown, never interpreted.
    await expect(screen.getByText(/<b>Теги<\/b> в описании показываются как текст/)).toBeInTheDocument();

    const main = screen.getByRole('list', { name: 'Главная роль' });
    await expect(within(main).getAllByRole('listitem')).toHaveLength(2);
    const supporting = screen.getByRole('list', { name: 'Второстепенная роль' });
    await expect(within(supporting).getByRole('link', { name: /Унесённые призраками/ })).toHaveAttribute('href', '/anime/5');

    const seiyuu = screen.getByRole('list', { name: 'Сэйю' });
    await expect(within(seiyuu).getByRole('link', { name: /Роми Паку/ })).toHaveAttribute('href', '/seiyuu/21');
    await expect(within(seiyuu).getByRole('link', { name: /Vic Mignogna/ })).toHaveAttribute('href', '/seiyuu/22');
  },
};

export const Mobile: Story = {
  ...AT_375,
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Эдвард Элрик' })).toBeInTheDocument();
  },
};

export const SparseData: Story = {
  parameters: { route: '/characters/12', mockApi: { 'GET /api/characters/12': ok(SPARSE_CHARACTER) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Unnamed Villager' })).toBeInTheDocument();
    await expect(screen.getByRole('img', { name: 'Unnamed Villager' })).toHaveTextContent('U');
    await expect(screen.getByText('Описания пока нет.')).toBeInTheDocument();
    await expect(screen.getByText('Аниме с этим персонажем пока не добавлены.')).toBeInTheDocument();
    await expect(screen.getByText('Сэйю пока не указаны.')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/characters/11': { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка...')).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: { route: '/characters/404', mockApi: { 'GET /api/characters/404': fail(404, ErrorCode.NotFound, 'Персонаж не найден') } },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Персонаж не найден' })).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'Все персонажи' })).toHaveAttribute('href', '/characters');
  },
};

export const LoadFailed: Story = {
  parameters: { mockApi: { 'GET /api/characters/11': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже') } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Не удалось загрузить данные' })).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен, попробуйте позже')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};
