import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Header } from '../../../web/src/app/layout/Header';
import { makeAdmin, makeUser } from '../../support/fixtures';

const meta = {
  title: 'app/layout/Header',
  component: Header,
  args: { user: null, onSignInClick: fn(), onSignOut: fn() },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

const NAV_LABELS = ['Главная', 'Каталог', 'Квизы', 'Новости', 'AMV', 'Рейтинг', 'Персонажи', 'Стол заказов'];

export const Guest: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Основная навигация' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    await expect(links).toEqual(NAV_LABELS);
    await userEvent.click(canvas.getByRole('button', { name: 'Войти' }));
    await expect(args.onSignInClick).toHaveBeenCalledTimes(1);
  },
};

export const SignedInUser: Story = {
  args: { user: makeUser({ displayName: 'Сакура', rank: 'новичок' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Меню аккаунта sakura' })).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Админ-панель' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Войти' })).not.toBeInTheDocument();
  },
};

export const Admin: Story = {
  args: { user: makeAdmin() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Админ-панель' })).toHaveAttribute('href', '/admin');
  },
};

export const MobileMenuOpen: Story = {
  args: { user: makeUser(), defaultMenuOpen: true },
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Закрыть меню' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('navigation', { name: 'Основная навигация' })).toHaveClass('nav--open');
    await userEvent.click(toggle);
    await expect(canvas.getByRole('button', { name: 'Открыть меню' })).toHaveAttribute('aria-expanded', 'false');
  },
};
