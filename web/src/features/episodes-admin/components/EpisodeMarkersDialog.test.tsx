import { EPISODE_UPLOAD_MESSAGES, ErrorCode } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { fail, ok } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { EpisodeUploadContext } from '../api/episode-upload-context';
import {
  EPISODES_ROUTE,
  MANAGE,
  detectedEpisode,
  fakeEpisodeUploads,
  makeManagement,
  manualEpisode,
  markersRoute,
  sampleEpisodes,
  unmarkedEpisode,
} from '../testing/episodes-admin-fixtures';
import EpisodesAdminPage from './EpisodesAdminPage';

const mockApi = mockApiPerTest();
const uploader = { token: 'jwt', user: makeUser({ isUploader: true }) };
const BAD_TIME = 'Время в виде м:сс или ч:мм:сс, например 1:35';

function renderPage() {
  return renderWithApp(
    <EpisodeUploadContext.Provider value={fakeEpisodeUploads().start}>
      <Routes>
        <Route path="/admin/anime/:id/episodes" element={<EpisodesAdminPage />} />
      </Routes>
    </EpisodeUploadContext.Provider>,
    { route: EPISODES_ROUTE, session: uploader },
  );
}

const episodeRow = async (number: number) => within((await screen.findByRole('rowheader', { name: String(number) })).closest('tr')!);

/** Presses «Изменить отметки» of the episode and answers the dialog. */
async function openEditor(user: ReturnType<typeof userEvent.setup>, number: number) {
  await user.click((await episodeRow(number)).getByRole('button', { name: `Изменить отметки серии ${number}` }));
  return within(await screen.findByRole('dialog', { name: `Опенинг и эндинг серии ${number}` }));
}

type Editor = Awaited<ReturnType<typeof openEditor>>;
const field = (editor: Editor, name: string) => editor.getByRole('textbox', { name });

async function typeInto(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

const management = () => makeManagement({ episodes: [...sampleEpisodes().slice(0, 2), detectedEpisode(), manualEpisode(), unmarkedEpisode()] });

describe('the episodes’ openings and endings', () => {
  it('are listed with where they came from', async () => {
    mockApi({ [MANAGE]: ok(management()) });
    renderPage();
    const detected = await episodeRow(3);
    expect(detected.getByText('Опенинг 0:05–1:35 · Эндинг 22:10–23:40')).toBeInTheDocument();
    expect(detected.getByText('найдено по звуку')).toBeInTheDocument();
    const manual = await episodeRow(4);
    expect(manual.getByText('Опенинг 1:30–3:00 · Эндинг нет')).toBeInTheDocument();
    expect(manual.getByText('исправлено вручную')).toBeInTheDocument();
    const unmarked = await episodeRow(5);
    expect(unmarked.getByText('Опенинг нет · Эндинг нет')).toBeInTheDocument();
    expect(unmarked.queryByText(/найдено по звуку|исправлено вручную/)).toBeNull();
    expect(unmarked.getByRole('button', { name: 'Изменить отметки серии 5' })).toBeInTheDocument();
    // Demo samples bring their spans with them: listed, not edited here.
    const demo = await episodeRow(1);
    expect(demo.getByText('Опенинг нет · Эндинг нет')).toBeInTheDocument();
    expect(demo.queryByRole('button', { name: /Изменить отметки/ })).toBeNull();
  });

  it('opens filled with the episode’s spans; «Отмена» closes it and sends nothing', async () => {
    const api = mockApi({ [MANAGE]: ok(management()) });
    const user = userEvent.setup();
    renderPage();
    const editor = await openEditor(user, 3);
    expect(editor.getByText('Длительность серии 23:40')).toBeInTheDocument();
    expect(field(editor, 'Начало опенинга')).toHaveValue('0:05');
    expect(field(editor, 'Конец опенинга')).toHaveValue('1:35');
    expect(field(editor, 'Начало эндинга')).toHaveValue('22:10');
    expect(field(editor, 'Конец эндинга')).toHaveValue('23:40');
    expect(editor.getByRole('checkbox', { name: 'Нет опенинга' })).not.toBeChecked();
    await user.click(editor.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(markersRoute(3))).toHaveLength(0);
  });

  it('sends the typed times in seconds, closes, and the row reads «исправлено вручную»', async () => {
    const api = mockApi({
      [MANAGE]: ok(management()),
      [markersRoute(5)]: ok(unmarkedEpisode({ opening: { start: 5, end: 95 }, ending: { start: 1330, end: 1420 }, markersOrigin: 'manual' })),
    });
    const user = userEvent.setup();
    renderPage();
    const editor = await openEditor(user, 5);
    expect(field(editor, 'Начало опенинга')).toHaveValue('');
    await typeInto(user, field(editor, 'Начало опенинга'), '5');
    await typeInto(user, field(editor, 'Конец опенинга'), '01:35');
    await typeInto(user, field(editor, 'Начало эндинга'), '22:10');
    await typeInto(user, field(editor, 'Конец эндинга'), '23:40');
    await user.click(editor.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(markersRoute(5))).toHaveLength(1);
    expect(api.callsTo(markersRoute(5))[0]?.body).toEqual({ opening: { start: 5, end: 95 }, ending: { start: 1330, end: 1420 } });
    const row = await episodeRow(5);
    expect(row.getByText('исправлено вручную')).toBeInTheDocument();
    expect(row.getByText('Опенинг 0:05–1:35 · Эндинг 22:10–23:40')).toBeInTheDocument();
  });

  it('«Нет опенинга» sends null for it, and keeps a detected ending to the fraction', async () => {
    const episode = detectedEpisode({ ending: { start: 1330.4, end: 1419.8 } });
    const api = mockApi({
      [MANAGE]: ok(makeManagement({ episodes: [episode] })),
      [markersRoute(3)]: ok({ ...episode, opening: null, markersOrigin: 'manual' }),
    });
    const user = userEvent.setup();
    renderPage();
    const editor = await openEditor(user, 3);
    await user.click(editor.getByRole('checkbox', { name: 'Нет опенинга' }));
    expect(field(editor, 'Начало опенинга')).toBeDisabled();
    expect(field(editor, 'Конец опенинга')).toBeDisabled();
    await user.click(editor.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(api.callsTo(markersRoute(3))).toHaveLength(1));
    expect(api.callsTo(markersRoute(3))[0]?.body).toEqual({ opening: null, ending: { start: 1330.4, end: 1419.8 } });
    expect(await (await episodeRow(3)).findByText('Опенинг нет · Эндинг 22:10–23:39')).toBeInTheDocument();
  });

  it('opens a manual «no ending» ticked, and «Нет эндинга» unticked asks for its times', async () => {
    const api = mockApi({ [MANAGE]: ok(management()), [markersRoute(4)]: ok(manualEpisode()) });
    const user = userEvent.setup();
    renderPage();
    const editor = await openEditor(user, 4);
    expect(editor.getByRole('checkbox', { name: 'Нет эндинга' })).toBeChecked();
    expect(field(editor, 'Начало эндинга')).toBeDisabled();
    await user.click(editor.getByRole('checkbox', { name: 'Нет эндинга' }));
    await user.click(editor.getByRole('button', { name: 'Сохранить' }));
    expect(editor.getAllByText('Укажите время')).toHaveLength(2);
    expect(field(editor, 'Начало эндинга')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(markersRoute(4))).toHaveLength(0);
  });

  it('refuses unreadable times, a start not before its end and an end past the episode, in Russian, before sending', async () => {
    const api = mockApi({ [MANAGE]: ok(management()) });
    const user = userEvent.setup();
    renderPage();
    const editor = await openEditor(user, 3);
    await typeInto(user, field(editor, 'Начало опенинга'), '1:5');
    await typeInto(user, field(editor, 'Конец опенинга'), 'полторы');
    await typeInto(user, field(editor, 'Начало эндинга'), '23:00');
    await typeInto(user, field(editor, 'Конец эндинга'), '23:41');
    await user.click(editor.getByRole('button', { name: 'Сохранить' }));
    expect(editor.getAllByText(BAD_TIME)).toHaveLength(2);
    expect(field(editor, 'Начало опенинга')).toHaveAttribute('aria-invalid', 'true');
    expect(field(editor, 'Конец опенинга')).toHaveAttribute('aria-invalid', 'true');
    expect(editor.getByText(EPISODE_UPLOAD_MESSAGES.spanPastEnd)).toBeInTheDocument();
    expect(field(editor, 'Конец эндинга')).toHaveAttribute('aria-invalid', 'true');

    await typeInto(user, field(editor, 'Начало опенинга'), '1:35');
    await typeInto(user, field(editor, 'Конец опенинга'), '0:05');
    expect(editor.queryByText(BAD_TIME)).toBeNull();
    expect(editor.getByText(EPISODE_UPLOAD_MESSAGES.badSpan)).toBeInTheDocument();
    await user.click(editor.getByRole('button', { name: 'Сохранить' }));
    expect(api.callsTo(markersRoute(3))).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    const api = mockApi({
      [MANAGE]: ok(management()),
      [markersRoute(3)]: fail(400, ErrorCode.ValidationFailed, EPISODE_UPLOAD_MESSAGES.spanPastEnd),
    });
    const user = userEvent.setup();
    renderPage();
    const editor = await openEditor(user, 3);
    await user.click(editor.getByRole('button', { name: 'Сохранить' }));
    expect(await editor.findByRole('alert')).toHaveTextContent(EPISODE_UPLOAD_MESSAGES.spanPastEnd);
    expect(editor.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
    expect(api.callsTo(markersRoute(3))).toHaveLength(1);
    await user.click(editor.getByRole('button', { name: 'Отмена' }));
    expect((await episodeRow(3)).getByText('найдено по звуку')).toBeInTheDocument();
  });

  it('puts the server’s message about a field under that field', async () => {
    mockApi({
      [MANAGE]: ok(management()),
      [markersRoute(3)]: fail(400, ErrorCode.ValidationFailed, 'Ошибка валидации', [{ field: 'ending', message: EPISODE_UPLOAD_MESSAGES.badSpan }]),
    });
    const user = userEvent.setup();
    renderPage();
    const editor = await openEditor(user, 3);
    await user.click(editor.getByRole('button', { name: 'Сохранить' }));
    expect(await editor.findByText(EPISODE_UPLOAD_MESSAGES.badSpan)).toBeInTheDocument();
    expect(field(editor, 'Конец эндинга')).toHaveAttribute('aria-invalid', 'true');
    expect(editor.queryByText('Ошибка валидации')).toBeNull();
  });
});
