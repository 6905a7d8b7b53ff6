import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { animeList, suggestion } from '../testing/catalogue-fixtures';
import { AnimeSearchBox } from './AnimeSearchBox';

const [first, second, third] = animeList(3);
const SUGGESTIONS = [suggestion(first!), suggestion(second!, 'Shingeki no Kyojin'), suggestion(third!)];

const mockApi = mockApiPerTest();

function renderBox(onSearch = vi.fn()) {
  renderWithApp(<AnimeSearchBox onSearch={onSearch} />, { route: '/catalog', session: null });
  return { onSearch, input: screen.getByRole('combobox', { name: 'Поиск аниме' }) };
}

describe('AnimeSearchBox', () => {
  it('asks for suggestions once, 250 ms after typing stops', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/anime/suggest': ok(SUGGESTIONS) });
    const { input } = renderBox();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    await user.type(input, 'титан');
    expect(await screen.findByRole('listbox', { name: 'Подсказки' })).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    const calls = api.callsTo('GET /api/anime/suggest');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.get('q')).toBe('титан');
    // The name that matched is shown when it differs from the title.
    expect(screen.getByRole('option', { name: /Shingeki no Kyojin/ })).toBeInTheDocument();
  });

  it('moves through suggestions with Up and Down and opens the highlighted one with Enter', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/anime/suggest': ok(SUGGESTIONS) });
    const { input, onSearch } = renderBox();
    await user.type(input, 'а');
    const options = await screen.findAllByRole('option');
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(`/anime/${second!.id}`);
    expect(onSearch).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches the text on Enter when no suggestion is highlighted', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/anime/suggest': ok(SUGGESTIONS) });
    const { input, onSearch } = renderBox();
    await user.type(input, '  атака  ');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('атака');
    expect(screen.getByTestId('location')).toHaveTextContent('/catalog');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the list with Escape, then clears the text with a second Escape', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/anime/suggest': ok(SUGGESTIONS) });
    const { input } = renderBox();
    await user.type(input, 'врата');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('врата');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
    // Down opens the list again once there is text.
    await user.type(input, 'в');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}{ArrowDown}');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
  });

  it('says so when nothing is suggested, and opens a suggestion on click', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/anime/suggest': ({ query }) => ok(query.get('q') === 'zzz' ? [] : SUGGESTIONS) });
    const { input } = renderBox();
    await user.type(input, 'zzz');
    expect(await screen.findByText('Подсказок нет')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'тетрадь');
    await user.click((await screen.findAllByRole('option'))[2]!);
    expect(screen.getByTestId('location')).toHaveTextContent(`/anime/${third!.id}`);
  });
});
