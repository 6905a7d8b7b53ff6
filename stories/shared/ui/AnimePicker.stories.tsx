import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { AnimePicker, type AnimePick } from '../../../web/src/shared/ui/AnimePicker';
import { fail, ok } from '../../support/fixtures';
import { SUGGESTIONS } from '../../features/catalogue/people-fixtures';

function AnimePickerHarness({ initial }: { initial: AnimePick[] }) {
  const [selected, setSelected] = useState(initial);
  return <AnimePicker selected={selected} onChange={setSelected} />;
}

const meta = {
  title: 'shared/ui/AnimePicker',
  component: AnimePickerHarness,
  args: { initial: [] },
  parameters: { mockApi: { 'GET /api/anime/suggest': ok(SUGGESTIONS) } },
} satisfies Meta<typeof AnimePickerHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

const search = async (text: string) => userEvent.type(await screen.findByLabelText('Добавить аниме'), text);

export const NothingChosen: Story = {
  play: async () => {
    await expect(await screen.findByText('Аниме пока не выбраны.')).toBeInTheDocument();
    await expect(screen.getByRole('heading', { name: 'Выбрано: 0 аниме' })).toBeInTheDocument();
  },
};

/** The answer has not come yet. */
export const Searching: Story = {
  parameters: { mockApi: { 'GET /api/anime/suggest': { hang: true } } },
  play: async () => {
    await search('нар');
    await expect(await screen.findByRole('status')).toHaveTextContent('Ищем...');
  },
};

/** Adding a found title moves it to the chosen ones and marks it «Добавлено» in the results. */
export const Results: Story = {
  play: async () => {
    await search('нар');
    const results = within(await screen.findByRole('list', { name: 'Результаты поиска' }));
    await userEvent.click(results.getByRole('button', { name: `Добавить «${SUGGESTIONS[0].title}»` }));
    const chosen = within(screen.getByRole('list', { name: 'Выбрано: 1 аниме' }));
    await expect(chosen.getByText(SUGGESTIONS[0].title)).toBeInTheDocument();
    await expect(results.getByText('Добавлено')).toBeInTheDocument();
  },
};

export const NothingFound: Story = {
  parameters: { mockApi: { 'GET /api/anime/suggest': ok([]) } },
  play: async () => {
    await search('ьъьъ');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Ничего не найдено'));
  },
};

export const SearchFailed: Story = {
  parameters: { mockApi: { 'GET /api/anime/suggest': fail(503, ErrorCode.ServiceUnavailable, 'Каталог недоступен') } },
  play: async () => {
    await search('нар');
    await expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось выполнить поиск: Каталог недоступен');
  },
};

/** Titles already linked (an edited item); «Убрать» takes one off. */
export const ChosenTitles: Story = {
  args: { initial: SUGGESTIONS.slice(0, 2) },
  play: async () => {
    const chosen = within(await screen.findByRole('list', { name: 'Выбрано: 2 аниме' }));
    await userEvent.click(chosen.getByRole('button', { name: `Убрать «${SUGGESTIONS[0].title}»` }));
    const left = within(screen.getByRole('list', { name: 'Выбрано: 1 аниме' }));
    await expect(left.queryByText(SUGGESTIONS[0].title)).not.toBeInTheDocument();
    await expect(left.getByText(SUGGESTIONS[1].title)).toBeInTheDocument();
  },
};
