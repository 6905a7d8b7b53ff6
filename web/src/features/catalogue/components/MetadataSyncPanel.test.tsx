import { ErrorCode } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tokenStorage } from '../../../shared/api/token-storage';
import { makeAdmin } from '../../../test/fixtures';
import { fail, ok } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { parseShikimoriIds, syncProgressQuery } from '../api/metadata-sync-api';
import { SYNC_PROGRESS } from '../testing/catalogue-fixtures';
import { MetadataSyncPanel } from './MetadataSyncPanel';

const mockApi = mockApiPerTest();

function renderPanel() {
  tokenStorage.save('admin-jwt', makeAdmin());
  return renderWithApp(<MetadataSyncPanel />, { session: { token: 'admin-jwt', user: makeAdmin() } });
}

describe('MetadataSyncPanel', () => {
  it('renders the queue, the progress bar and the recent failures', async () => {
    mockApi({ 'GET /api/admin/catalogue/sync': ok(SYNC_PROGRESS) });
    renderPanel();

    const bar = await screen.findByRole('progressbar', { name: 'Синхронизировано тайтлов' });
    expect(bar).toHaveAttribute('aria-valuenow', '750');
    expect(bar).toHaveAttribute('aria-valuemax', '1000');
    expect(screen.getByText('750 из 1 000 тайтлов с ID Shikimori (75%)')).toBeInTheDocument();

    const queue = screen.getByLabelText('Очередь синхронизации');
    expect(within(queue).getByText('В очереди').nextElementSibling).toHaveTextContent('120');
    expect(within(queue).getByText('Выполняется').nextElementSibling).toHaveTextContent('4');
    expect(within(queue).getByText('Отложено').nextElementSibling).toHaveTextContent('2');
    expect(within(queue).getByText('Готово').nextElementSibling).toHaveTextContent('1 874');
    expect(within(queue).getByText('С ошибкой').nextElementSibling).toHaveTextContent('3');

    const failures = screen.getByRole('list', { name: 'Последние ошибки' });
    expect(within(failures).getAllByRole('listitem')).toHaveLength(2);
    expect(within(failures).getByText('ID 5114, попыток: 3')).toBeInTheDocument();
    expect(within(failures).getByText('Shikimori ответил 429: слишком много запросов')).toBeInTheDocument();
  });

  it('refreshes the progress every 5 seconds', () => {
    expect(syncProgressQuery().refetchInterval).toBe(5000);
  });

  it('queues every title with "Синхронизировать всё" and refreshes the progress', async () => {
    const api = mockApi({
      'GET /api/admin/catalogue/sync': ok(SYNC_PROGRESS),
      'POST /api/admin/catalogue/sync': ok({ queued: 1000 }),
    });
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('progressbar');

    await user.click(screen.getByRole('button', { name: 'Синхронизировать всё' }));
    expect(await screen.findByText('Поставлено в очередь: 1000 задач')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/catalogue/sync')[0]?.body).toEqual({ all: true });
    expect(api.callsTo('POST /api/admin/catalogue/sync')[0]?.headers.get('Authorization')).toBe('Bearer admin-jwt');
    await waitFor(() => expect(api.callsTo('GET /api/admin/catalogue/sync').length).toBeGreaterThanOrEqual(2));
  });

  it('syncs the given Shikimori ids and checks them first', async () => {
    const api = mockApi({
      'GET /api/admin/catalogue/sync': ok(SYNC_PROGRESS),
      'POST /api/admin/catalogue/sync': ok({ queued: 2 }),
    });
    const user = userEvent.setup();
    renderPanel();
    const field = await screen.findByLabelText('ID Shikimori');

    await user.type(field, '5114, abc');
    await user.click(screen.getByRole('button', { name: 'Синхронизировать' }));
    expect(await screen.findByText('Укажите ID Shikimori: целые положительные числа через запятую или пробел')).toHaveClass('field__message--error');
    expect(api.callsTo('POST /api/admin/catalogue/sync')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '5114, 9253 5114');
    await user.click(screen.getByRole('button', { name: 'Синхронизировать' }));
    expect(await screen.findByText('Поставлено в очередь: 2 задачи')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/catalogue/sync')[0]?.body).toEqual({ shikimoriIds: [5114, 9253] });
    expect(field).toHaveValue('');
  });

  it('shows a server field error under the ids field', async () => {
    mockApi({
      'GET /api/admin/catalogue/sync': ok(SYNC_PROGRESS),
      'POST /api/admin/catalogue/sync': fail(400, ErrorCode.ValidationFailed, 'Некорректный запрос', [
        { field: 'shikimoriIds', message: 'Не больше 500 ID за раз' },
      ]),
    });
    const user = userEvent.setup();
    renderPanel();
    await user.type(await screen.findByLabelText('ID Shikimori'), '1');
    await user.click(screen.getByRole('button', { name: 'Синхронизировать' }));
    expect(await screen.findByText('Не больше 500 ID за раз')).toHaveClass('field__message--error');
  });

  it('says when the progress cannot be loaded', async () => {
    mockApi({ 'GET /api/admin/catalogue/sync': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже') });
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось получить состояние синхронизации');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});

describe('parseShikimoriIds', () => {
  it('accepts positive integers separated by commas or spaces, without duplicates', () => {
    expect(parseShikimoriIds('5114, 9253;1  2')).toEqual([5114, 9253, 1, 2]);
    expect(parseShikimoriIds('7 7')).toEqual([7]);
    expect(parseShikimoriIds('  ')).toBeNull();
    expect(parseShikimoriIds('0')).toBeNull();
    expect(parseShikimoriIds('-3')).toBeNull();
    expect(parseShikimoriIds('1.5')).toBeNull();
  });
});
