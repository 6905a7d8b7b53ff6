import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { AnimeParserPanel } from '../../../../../web/src/features/catalogue/components/admin/AnimeParserPanel';
import { MetadataSyncPanel } from '../../../../../web/src/features/catalogue/components/MetadataSyncPanel';
import type { MockRequest } from '../../../../../web/src/test/mock-api';
import { adminSession, fail, ok } from '../../../../support/fixtures';
import { PENDING, SYNC_PROGRESS } from '../../catalogue-story-helpers';

const parseRequests: MockRequest[] = [];

const meta = {
  title: 'features/catalogue/components/admin/AnimeParserPanel',
  component: AnimeParserPanel,
  parameters: {
    route: '/admin',
    session: adminSession,
    mockApi: {
      'POST /api/parser/parse': (request: MockRequest) => {
        parseRequests.push(request);
        return ok({ jobId: `sync-${(request.body as { shikimoriId: number }).shikimoriId}` }, 202);
      },
    },
  },
} satisfies Meta<typeof AnimeParserPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const card = () => within(screen.getByRole('region', { name: 'Парсер' }));

async function submit(shikimoriId: string, kodikId = '') {
  const parser = card();
  if (shikimoriId) await userEvent.type(parser.getByLabelText('ID Shikimori'), shikimoriId);
  if (kodikId) await userEvent.type(parser.getByLabelText('ID Kodik'), kodikId);
  await userEvent.click(parser.getByRole('button', { name: 'Запустить' }));
}

export const Empty: Story = {
  play: async () => {
    const parser = card();
    await expect(parser.getByRole('heading', { level: 3, name: 'Парсер' })).toBeInTheDocument();
    await expect(parser.getByLabelText('ID Shikimori')).toHaveValue('');
    await expect(parser.getByLabelText('ID Shikimori')).toBeRequired();
    await expect(parser.getByLabelText('ID Kodik')).toHaveValue('');
    await expect(parser.getByLabelText('ID Kodik')).not.toBeRequired();
    await expect(parser.getByRole('button', { name: 'Запустить' })).toBeEnabled();
    await expect(parser.queryByRole('status')).not.toBeInTheDocument();
    await expect(parser.queryByRole('alert')).not.toBeInTheDocument();
  },
};

export const Invalid: Story = {
  play: async () => {
    parseRequests.length = 0;
    const parser = card();
    await submit('');
    await expect(parser.getByLabelText('ID Shikimori')).toHaveAccessibleDescription('Укажите ID Shikimori');

    // Zero, Cyrillic letters and blanks inside the id are refused, as the server refuses them.
    await submit('0', 'серия 1');
    await expect(parser.getByLabelText('ID Shikimori')).toHaveAccessibleDescription('ID Shikimori должен быть положительным целым числом');
    await expect(parser.getByLabelText('ID Kodik')).toHaveAccessibleDescription('ID Kodik: латинские буквы, цифры, - и _ (не больше 100 символов)');
    await expect(parseRequests).toHaveLength(0);

    // Typing into a field clears its error only.
    await userEvent.type(parser.getByLabelText('ID Kodik'), '2');
    await expect(parser.getByLabelText('ID Kodik')).not.toHaveAttribute('aria-invalid');
    await expect(parser.getByLabelText('ID Shikimori')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Sending: Story = {
  parameters: { mockApi: { 'POST /api/parser/parse': PENDING } },
  play: async () => {
    await submit('20');
    await expect(await card().findByRole('button', { name: 'Ставим в очередь...' })).toBeDisabled();
    await expect(card().queryByRole('status')).not.toBeInTheDocument();
  },
};

export const Queued: Story = {
  // Beside the sync panel, as on the admin page: the queued job shows up in its queue at once.
  render: () => (
    <>
      <AnimeParserPanel />
      <MetadataSyncPanel />
    </>
  ),
  parameters: { mockApi: { 'GET /api/admin/catalogue/sync': [ok(SYNC_PROGRESS), ok({ ...SYNC_PROGRESS, waiting: SYNC_PROGRESS.waiting + 1 })] } },
  play: async () => {
    parseRequests.length = 0;
    const queue = within(await screen.findByLabelText('Очередь синхронизации'));
    await expect(queue.getByText('В очереди').nextElementSibling).toHaveTextContent('120');

    await submit(' 20 ', ' naruto-tv_1 ');
    await expect(await card().findByRole('status')).toHaveTextContent('Задача поставлена в очередь (№ sync-20)');
    await expect(parseRequests.map((request) => request.body)).toEqual([{ shikimoriId: 20, kodikId: 'naruto-tv_1' }]);
    await expect(card().getByLabelText('ID Shikimori')).toHaveValue('');
    await expect(card().getByLabelText('ID Kodik')).toHaveValue('');
    await waitFor(() => expect(queue.getByText('В очереди').nextElementSibling).toHaveTextContent('121'));
  },
};

export const FieldErrors: Story = {
  parameters: {
    mockApi: {
      'POST /api/parser/parse': fail(400, ErrorCode.ValidationFailed, 'Проверьте поля', [
        { field: 'shikimoriId', message: 'Shikimori id должен быть положительным целым числом' },
        { field: 'kodikId', message: 'kodikId: ожидается идентификатор Kodik (буквы, цифры, - и _)' },
      ]),
    },
  },
  play: async () => {
    const parser = card();
    await submit('20', 'abc');
    await expect(await parser.findByText('kodikId: ожидается идентификатор Kodik (буквы, цифры, - и _)')).toBeInTheDocument();
    await expect(parser.getByLabelText('ID Kodik')).toHaveAttribute('aria-invalid', 'true');
    await expect(parser.getByLabelText('ID Shikimori')).toHaveAccessibleDescription('Shikimori id должен быть положительным целым числом');
    await expect(parser.queryByText(/Проверьте поля/)).not.toBeInTheDocument();
    await expect(parser.getByLabelText('ID Shikimori')).toHaveValue('20');
    await expect(parser.queryByRole('status')).not.toBeInTheDocument();
  },
};

export const ServerError: Story = {
  parameters: {
    mockApi: {
      'POST /api/parser/parse': (request: MockRequest) => {
        parseRequests.push(request);
        return fail(404, ErrorCode.NotFound, 'В каталоге нет аниме с таким Shikimori id');
      },
    },
  },
  play: async () => {
    parseRequests.length = 0;
    const parser = card();
    await submit('99999');
    await expect(await parser.findByRole('alert')).toHaveTextContent('Не удалось запустить парсер: В каталоге нет аниме с таким Shikimori id');
    // An empty Kodik field is not sent: the stored Kodik id stays.
    await expect(parseRequests.map((request) => request.body)).toEqual([{ shikimoriId: 99999 }]);
    await expect(parser.getByLabelText('ID Shikimori')).toHaveValue('99999');
    await expect(parser.getByLabelText('ID Shikimori')).not.toHaveAttribute('aria-invalid');
    await expect(parser.getByRole('button', { name: 'Запустить' })).toBeEnabled();
    await expect(parser.queryByRole('status')).not.toBeInTheDocument();
  },
};
