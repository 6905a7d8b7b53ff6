import { ErrorCode, type ListImportReport } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { ListTransfer } from '../../../../web/src/features/settings/components/ListTransfer';
import { fail, ok } from '../../../support/fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { PENDING, chooseFile, pickedFile, settingsSession } from '../settings-story-helpers';

const report: ListImportReport = {
  format: 'mal',
  imported: 3,
  updated: 1,
  unchanged: 2,
  skipped: [
    { line: 88, title: 'Unknown Title', reason: 'Аниме нет в каталоге' },
    { line: 41, title: null, reason: 'Нет id аниме' },
  ],
};

const imports: MockRequest[] = [];
const exports: MockRequest[] = [];

const meta = {
  title: 'features/settings/components/ListTransfer',
  component: ListTransfer,
  decorators: [(Story) => <div className="page">{Story()}</div>],
  parameters: {
    session: settingsSession,
    mockApi: {
      'POST /api/users/anime/import': (request: MockRequest) => {
        imports.push(request);
        return ok(report);
      },
      'GET /api/users/anime/export': (request: MockRequest) => {
        exports.push(request);
        const format = request.query.get('format');
        return {
          raw: format === 'mal' ? '<?xml version="1.0"?><myanimelist></myanimelist>' : '[]',
          headers: { 'Content-Disposition': `attachment; filename="animelist-sakura.${format === 'mal' ? 'xml' : 'json'}"` },
        };
      },
    },
  },
} satisfies Meta<typeof ListTransfer>;

export default meta;
type Story = StoryObj<typeof meta>;

const importForm = () => within(screen.getByRole('form', { name: 'Импорт' }));

export const Idle: Story = {
  play: async () => {
    await expect(await screen.findByLabelText('Файл списка')).toBeInTheDocument();
    await expect(screen.getByLabelText('Формат файла')).toHaveDisplayValue('MyAnimeList (XML)');
    await expect(screen.getByRole('button', { name: 'Скачать для MyAnimeList (XML)' })).toBeEnabled();
    await expect(screen.getByRole('button', { name: 'Скачать для Shikimori (JSON)' })).toBeEnabled();
  },
};

export const NoFileChosen: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Импортировать' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Сначала выберите файл списка');
  },
};

/** A .json file switches the format to Shikimori by itself. */
export const FormatFromFileName: Story = {
  play: async () => {
    chooseFile(await screen.findByLabelText('Файл списка'), pickedFile('shikimori.json', 'application/json'));
    await expect(screen.getByLabelText('Формат файла')).toHaveDisplayValue('Shikimori (JSON)');
  },
};

export const ImportRunning: Story = {
  parameters: { mockApi: { 'POST /api/users/anime/import': PENDING } },
  play: async () => {
    chooseFile(await screen.findByLabelText('Файл списка'), pickedFile('animelist.xml', 'text/xml'));
    await userEvent.click(screen.getByRole('button', { name: 'Импортировать' }));
    await expect(await screen.findByRole('button', { name: 'Импортируем список...' })).toBeDisabled();
    await expect(importForm().getByRole('status')).toHaveTextContent('Импортируем список...');
  },
};

/** The report: four counts and every skipped entry with its line and reason, in file order. */
export const ImportResult: Story = {
  play: async () => {
    imports.length = 0;
    chooseFile(await screen.findByLabelText('Файл списка'), pickedFile('animelist.xml.gz', 'application/gzip'));
    await userEvent.click(screen.getByRole('button', { name: 'Импортировать' }));
    const result = within(await screen.findByRole('region', { name: 'Импорт завершён' }));
    for (const [label, count] of [
      ['Добавлено', '3'],
      ['Обновлено', '1'],
      ['Без изменений', '2'],
      ['Пропущено', '2'],
    ]) {
      await expect(result.getByText(label).nextElementSibling).toHaveTextContent(count!);
    }
    const skipped = result.getByRole('list', { name: 'Пропущенные записи' });
    await expect(
      within(skipped)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Строка 41: Нет id аниме', 'Строка 88 — «Unknown Title»: Аниме нет в каталоге']);
    // The format goes along (query and form field).
    await expect(imports).toHaveLength(1);
    await expect(imports[0]!.query.get('format')).toBe('mal');
    await expect(
      await screen.findByText('Добавлено: 3, обновлено: 1, без изменений: 2, пропущено: 2', { selector: '[data-sonner-toast] *' }),
    ).toBeInTheDocument();
  },
};

export const ImportError: Story = {
  parameters: {
    mockApi: {
      'POST /api/users/anime/import': fail(
        400,
        ErrorCode.ValidationFailed,
        'Не удалось прочитать файл: ожидается экспорт MyAnimeList (XML) или Shikimori (JSON)',
        [{ field: 'file', message: 'Не удалось прочитать файл: ожидается экспорт MyAnimeList (XML) или Shikimori (JSON)' }],
      ),
    },
  },
  play: async () => {
    chooseFile(await screen.findByLabelText('Файл списка'), pickedFile('notes.xml', 'text/xml'));
    await userEvent.click(screen.getByRole('button', { name: 'Импортировать' }));
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('Импорт не удался');
    await expect(alert).toHaveTextContent('Не удалось прочитать файл');
    await expect(screen.getByRole('button', { name: 'Импортировать' })).toBeEnabled();
  },
};

/** Both downloads: each asks for its format; the file name comes from the server. */
export const Export: Story = {
  play: async () => {
    exports.length = 0;
    await userEvent.click(await screen.findByRole('button', { name: 'Скачать для MyAnimeList (XML)' }));
    await expect(await screen.findByText('Файл animelist-sakura.xml скачан')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Скачать для Shikimori (JSON)' }));
    await expect(await screen.findByText('Файл animelist-sakura.json скачан')).toBeInTheDocument();
    await expect(exports.map((request) => request.query.get('format'))).toEqual(['mal', 'shikimori']);
  },
};

export const Exporting: Story = {
  parameters: { mockApi: { 'GET /api/users/anime/export': PENDING } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Скачать для Shikimori (JSON)' }));
    await expect(await screen.findByRole('button', { name: 'Готовим файл...' })).toBeDisabled();
    await expect(screen.getByRole('button', { name: 'Скачать для MyAnimeList (XML)' })).toBeDisabled();
  },
};

export const ExportError: Story = {
  parameters: { mockApi: { 'GET /api/users/anime/export': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже') } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Скачать для MyAnimeList (XML)' }));
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('Не удалось скачать список');
    await expect(alert).toHaveTextContent('Сервис временно недоступен, попробуйте позже');
  },
};
