import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Footer } from '../../../web/src/app/layout/Footer';

const meta = {
  title: 'app/layout/Footer',
  component: Footer,
  args: { onOpenOnlineStats: fn(), onOpenAgreement: fn() },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('heading', { level: 2 })).toHaveLength(3);
    await expect(canvas.getByRole('link', { name: 'Правообладателям и РКН' })).toHaveAttribute('href', '/legal');
    await expect(canvas.getByRole('link', { name: 'О сайте' })).toHaveAttribute('href', '/about');
    await expect(canvas.getByRole('link', { name: 'Новинки' })).toHaveAttribute('href', '/catalog?sort=new');
    await expect(canvas.getByRole('link', { name: 'Топ 100' })).toHaveAttribute('href', '/catalog?sort=score');
    await expect(canvas.getByRole('link', { name: 'Режим для ТВ' })).toHaveAttribute('href', '/tv');
    for (const name of ['Главная', 'Каталог', 'Помощь', 'Контакты', 'Группа ВКонтакте', 'Telegram-канал']) {
      await expect(canvas.getByRole('link', { name })).toBeInTheDocument();
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Кто онлайн' }));
    await expect(args.onOpenOnlineStats).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Пользовательское соглашение' }));
    await expect(args.onOpenAgreement).toHaveBeenCalledTimes(1);
  },
};
