import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import CharactersPage from '../../../../web/src/features/catalogue/components/CharactersPage';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { LocationProbe } from '../../../../web/src/test/render';
import { AT_375, okPage } from '../catalogue-story-helpers';
import { charactersRange } from '../people-fixtures';

function CharactersRoute() {
  return (
    <>
      <Routes>
        <Route path="/characters" element={<CharactersPage />} />
      </Routes>
      <LocationProbe />
    </>
  );
}

/** 95 characters; a search keeps those whose names contain it (case-insensitive). */
const charactersServer = (total: number) => (request: MockRequest) => {
  const page = Number(request.query.get('page') ?? 1);
  const limit = Number(request.query.get('limit') ?? 20);
  const search = (request.query.get('search') ?? '').toLowerCase();
  const all = charactersRange(1, total).filter((character) => !search || `${character.name} ${character.nameRu ?? ''}`.toLowerCase().includes(search));
  return okPage(all.slice((page - 1) * limit, page * limit), { page, limit, total: all.length });
};

const meta = {
  title: 'features/catalogue/components/CharactersPage',
  component: CharactersRoute,
  parameters: { route: '/characters', mockApi: { 'GET /api/characters': charactersServer(95) } },
} satisfies Meta<typeof CharactersRoute>;

export default meta;
type Story = StoryObj<typeof meta>;

const location = () => screen.getByTestId('location').textContent ?? '';

export const Default: Story = {
  play: async () => {
    await expect(await screen.findByText('95 персонажей')).toBeInTheDocument();
    await expect(screen.getByText(/Сведения о персонажах пока неполные/)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Персонажи' });
    await expect(within(list).getAllByRole('link')).toHaveLength(20);
    await expect(within(list).getAllByRole('link', { name: /Эдвард Элрик/ })[0]).toHaveAttribute('href', '/characters/1');
    const pages = screen.getByRole('navigation', { name: 'Страницы' });
    await expect(within(pages).getByRole('link', { name: 'Страница 5' })).toBeInTheDocument();
  },
};

export const SecondPage: Story = {
  play: async () => {
    const pages = await screen.findByRole('navigation', { name: 'Страницы' });
    await userEvent.click(within(pages).getByRole('link', { name: 'Страница 2' }));
    await waitFor(() => expect(location()).toBe('/characters?page=2'));
    await expect(await screen.findByRole('link', { name: 'Страница 2, текущая' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Search: Story = {
  play: async () => {
    await screen.findByText('95 персонажей');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Поиск персонажа' }), 'Леви');
    await expect(await screen.findByText('12 персонажей')).toBeInTheDocument();
    await expect(location()).toBe(`/characters?search=${encodeURIComponent('Леви')}`);
    await expect(screen.queryByRole('navigation', { name: 'Страницы' })).not.toBeInTheDocument();
  },
};

export const Mobile: Story = {
  ...AT_375,
  play: async () => {
    await expect(await screen.findByText('95 персонажей')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/characters': { hang: true } } },
  play: async () => {
    await expect((await screen.findByText('Загрузка...')).closest('[role="status"]')).toHaveAttribute('aria-busy', 'true');
    await expect(screen.getByRole('searchbox', { name: 'Поиск персонажа' })).toBeInTheDocument();
  },
};

export const NothingFound: Story = {
  parameters: { route: '/characters?search=zzz' },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Персонажи не найдены' })).toBeInTheDocument();
    await expect(screen.getByRole('searchbox', { name: 'Поиск персонажа' })).toHaveValue('zzz');
  },
};

export const Empty: Story = {
  parameters: { mockApi: { 'GET /api/characters': charactersServer(0) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'В каталоге пока нет персонажей' })).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { mockApi: { 'GET /api/characters': { networkError: true } } },
  play: async () => {
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('Не удалось подключиться к серверу');
    await expect(within(alert).getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};
