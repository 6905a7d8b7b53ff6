import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../../../web/src/shared/ui/Button';
import { notify } from '../../../web/src/shared/ui/notify';

/** The Toaster itself is mounted by the app providers (in every story); these buttons raise toasts. */
function ToastDemo() {
  return (
    <div style={{ display: 'flex', gap: '0.5rem', padding: '1rem', flexWrap: 'wrap' }}>
      <Button onClick={() => notify.success('Успех', 'Вы успешно вошли в систему')}>Успех</Button>
      <Button variant="secondary" onClick={() => notify.error('Ошибка подключения', 'Не удалось подключиться к чату. Попробуйте обновить страницу.')}>
        Ошибка
      </Button>
      <Button variant="ghost" onClick={() => ['Первое', 'Второе', 'Третье', 'Четвёртое'].forEach((title) => notify.info(title))}>
        Четыре подряд
      </Button>
    </div>
  );
}

const meta = {
  title: 'shared/ui/Toaster',
  component: ToastDemo,
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Успех' }));
    await expect(await screen.findByText('Вы успешно вошли в систему')).toBeInTheDocument();
  },
};

export const Error: Story = {
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Ошибка' }));
    await expect(await screen.findByText('Не удалось подключиться к чату. Попробуйте обновить страницу.')).toBeInTheDocument();
  },
};

export const AtMostThreeVisible: Story = {
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Четыре подряд' }));
    await expect(await screen.findByText('Четвёртое')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast][data-visible="true"]')).toHaveLength(3));
  },
};
