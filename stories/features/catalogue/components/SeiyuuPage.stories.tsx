import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import SeiyuuPage from '../../../../web/src/features/catalogue/components/SeiyuuPage';
import { fail, ok } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';
import { AT_375 } from '../catalogue-story-helpers';
import { SEIYUU } from '../people-fixtures';

const SeiyuuRoute = pageAtRoute('/seiyuu/:id', SeiyuuPage);

const meta = {
  title: 'features/catalogue/components/SeiyuuPage',
  component: SeiyuuRoute,
  parameters: { route: '/seiyuu/21', mockApi: { 'GET /api/seiyuu/21': ok(SEIYUU) } },
} satisfies Meta<typeof SeiyuuRoute>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Роми Паку' })).toBeInTheDocument();
    await expect(screen.getByText('Romi Park · 朴璐美')).toBeInTheDocument();
    await expect(screen.getByText('3 роли')).toBeInTheDocument();
    const roles = screen.getByRole('list', { name: 'Роли' });
    const [first] = within(roles).getAllByRole('listitem');
    await expect(within(first!).getByRole('link', { name: /Эдвард Элрик/ })).toHaveAttribute('href', '/characters/1');
    await expect(within(first!).getByRole('link', { name: /Стальной алхимик: Братство/ })).toHaveAttribute('href', '/anime/1');
    await expect(within(roles).getByRole('link', { name: /Ханджи Зоэ/ })).toHaveAttribute('href', '/characters/31');
  },
};

export const Mobile: Story = {
  ...AT_375,
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Роми Паку' })).toBeInTheDocument();
  },
};

export const NoRoles: Story = {
  parameters: { mockApi: { 'GET /api/seiyuu/21': ok({ ...SEIYUU, roles: [], image: null, nameJa: null }) } },
  play: async () => {
    await expect(await screen.findByText('Роли пока не добавлены.')).toBeInTheDocument();
    await expect(screen.getByText('0 ролей')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/seiyuu/21': { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка...')).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: { route: '/seiyuu/999', mockApi: { 'GET /api/seiyuu/999': fail(404, ErrorCode.NotFound, 'Сэйю не найден') } },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Сэйю не найден' })).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { mockApi: { 'GET /api/seiyuu/21': { networkError: true } } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Не удалось загрузить данные' })).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};
