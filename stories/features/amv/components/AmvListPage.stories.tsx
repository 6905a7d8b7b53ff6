import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import AmvListPage from '../../../../web/src/features/amv/components/AmvListPage';
import { amvPage, makeAmv, sampleAmvs, amvId } from '../../../../web/src/features/amv/testing/amv-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { fail, ok } from '../../../support/fixtures';

const LIST = 'GET /api/amv';
const TOP = 'GET /api/amv/top';
const seen: MockRequest[] = [];
const top = ok({ mostViewed: [sampleAmvs()[1]], mostLiked: [sampleAmvs()[1]] });

const meta = {
  title: 'features/amv/components/AmvListPage',
  component: AmvListPage,
  parameters: { route: '/amv', mockApi: { [LIST]: ok(amvPage(sampleAmvs())), [TOP]: top } },
  beforeEach: () => {
    seen.length = 0;
  },
} satisfies Meta<typeof AmvListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { mockApi: { [LIST]: { hang: true }, [TOP]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка AMV...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: ok(amvPage([])), [TOP]: ok({ mostViewed: [], mostLiked: [] }) } },
  play: async () => {
    await expect(await screen.findByText('AMV не найдены')).toBeInTheDocument();
    await expect(screen.queryByRole('region', { name: 'Топ AMV' })).not.toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [LIST]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен'), [TOP]: top } },
  play: async () => {
    await expect(await screen.findByText('Ошибка загрузки AMV')).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

/** The grid, the letter bar with every letter and «#», the top block; no filter is sent when none is set. */
export const List: Story = {
  parameters: { mockApi: { [LIST]: (request: MockRequest) => (seen.push(request), ok(amvPage(sampleAmvs()))), [TOP]: top } },
  play: async () => {
    await expect(await screen.findByRole('link', { name: 'Евангелион' })).toHaveAttribute('href', `/amv/${amvId(3)}`);
    const letters = screen.getByRole('navigation', { name: 'Первая буква названия' });
    for (const letter of ['А', 'Я', 'A', 'Z', '#']) await expect(within(letters).getByRole('button', { name: letter })).toBeInTheDocument();
    await expect(within(letters).getByRole('button', { name: 'Все' })).toHaveAttribute('aria-pressed', 'true');
    const block = await screen.findByRole('region', { name: 'Топ AMV' });
    await expect(within(block).getByText('Самые просматриваемые')).toBeInTheDocument();
    await expect([...seen[0].query.keys()]).toEqual([]);
  },
};

/** Picking «Н» asks for that letter only; the empty state names it. */
export const LetterFiltered: Story = {
  parameters: {
    mockApi: {
      [LIST]: (request: MockRequest) => {
        seen.push(request);
        const letter = request.query.get('letter');
        if (letter === 'Н') return ok(amvPage([makeAmv({ id: amvId(5), title: 'Наруто навсегда' })]));
        if (letter === '#') return ok(amvPage([]));
        return ok(amvPage(sampleAmvs()));
      },
      [TOP]: top,
    },
  },
  play: async () => {
    await screen.findByRole('link', { name: 'Евангелион' });
    await userEvent.click(screen.getByRole('button', { name: 'Н' }));
    await expect(await screen.findByRole('link', { name: 'Наруто навсегда' })).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Н' })).toHaveAttribute('aria-pressed', 'true');
    await expect(seen.at(-1)?.query.get('letter')).toBe('Н');
    await expect(seen.at(-1)?.query.has('page')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: '#' }));
    await expect(await screen.findByText('Нет AMV на букву «#»')).toBeInTheDocument();
  },
};

/** Typing searches (debounced) and sends `search` only. */
export const Search: Story = {
  parameters: {
    mockApi: {
      [LIST]: (request: MockRequest) => {
        seen.push(request);
        return request.query.get('search') === 'наруот' ? ok(amvPage([makeAmv({ id: amvId(5), title: 'Наруто навсегда' })])) : ok(amvPage(sampleAmvs()));
      },
      [TOP]: top,
    },
  },
  play: async () => {
    await screen.findByRole('link', { name: 'Евангелион' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Поиск AMV' }), 'наруот');
    await expect(await screen.findByRole('link', { name: 'Наруто навсегда' }, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Евангелион' })).not.toBeInTheDocument());
  },
};

export const Paged: Story = {
  parameters: {
    mockApi: {
      [LIST]: (request: MockRequest) => {
        seen.push(request);
        const page = Number(request.query.get('page') ?? 1);
        return ok(amvPage([makeAmv({ id: amvId(page), title: `Клип страницы ${page}` })], page, 30));
      },
      [TOP]: top,
    },
  },
  play: async () => {
    await screen.findByText('Страница 1 из 2');
    await userEvent.click(screen.getByRole('button', { name: 'Дальше →' }));
    await expect(await screen.findByRole('link', { name: 'Клип страницы 2' })).toBeInTheDocument();
    await expect(seen.at(-1)?.query.get('page')).toBe('2');
    await expect(screen.getByRole('button', { name: 'Дальше →' })).toBeDisabled();
  },
};
