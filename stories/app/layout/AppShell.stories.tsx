import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AppShell } from '../../../web/src/app/layout/AppShell';

const meta = {
  title: 'app/layout/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** What index.html paints before the script has loaded and run: the brand and «Загрузка страницы...». */
export const BeforeTheScript: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'АнимеПортал' })).toHaveAttribute('href', '/');
    await expect(canvas.getByRole('status')).toHaveTextContent('Загрузка страницы...');
    await expect(canvas.getByRole('main')).toBeInTheDocument();
  },
};
