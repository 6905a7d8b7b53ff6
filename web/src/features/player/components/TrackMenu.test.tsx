import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { offersTrackChoice, type TrackOption } from '../../../shared/video/track-engine';
import { TrackMenu, type TrackMenuProps } from './TrackMenu';

const AUDIO: TrackOption[] = [
  { index: 0, name: 'Оригинал', label: 'Оригинал (японский)' },
  { index: 1, name: 'AniLibria', label: 'AniLibria (русский)' },
  { index: 2, name: 'AniDub', label: 'AniDub (русский)' },
];
const SUBTITLES: TrackOption[] = [
  { index: 0, name: 'Crunchyroll', label: 'Crunchyroll (английский)' },
  { index: 1, name: 'Kitsune', label: 'Kitsune (русский)' },
];

function renderMenu(props: Partial<TrackMenuProps> = {}) {
  const onAudio = vi.fn();
  const onSubtitles = vi.fn();
  render(<TrackMenu audio={AUDIO} subtitles={SUBTITLES} audioTrack={1} subtitleTrack={-1} onAudio={onAudio} onSubtitles={onSubtitles} {...props} />);
  return { onAudio, onSubtitles, user: userEvent.setup() };
}

const texts = (items: HTMLElement[]) => items.map((item) => item.textContent?.replace('✓', ''));

describe('the voice-over and subtitles menu', () => {
  it('lists the voice-overs and the subtitles in two groups and marks the current ones', async () => {
    const { user } = renderMenu({ subtitleTrack: 1 });
    await user.click(screen.getByRole('button', { name: 'Озвучка и субтитры' }));

    const menu = await screen.findByRole('menu', { name: 'Озвучка и субтитры' });
    const voiceOvers = within(menu).getByRole('group', { name: 'Озвучка' });
    const subtitles = within(menu).getByRole('group', { name: 'Субтитры' });
    expect(texts(within(voiceOvers).getAllByRole('menuitemradio'))).toEqual(['Оригинал (японский)', 'AniLibria (русский)', 'AniDub (русский)']);
    expect(texts(within(subtitles).getAllByRole('menuitemradio'))).toEqual(['Выключены', 'Crunchyroll (английский)', 'Kitsune (русский)']);
    expect(within(voiceOvers).getByRole('menuitemradio', { name: /AniLibria/ })).toHaveAttribute('aria-checked', 'true');
    expect(within(voiceOvers).getByRole('menuitemradio', { name: /Оригинал/ })).toHaveAttribute('aria-checked', 'false');
    expect(within(subtitles).getByRole('menuitemradio', { name: /Kitsune/ })).toHaveAttribute('aria-checked', 'true');
  });

  it('marks «Выключены» when no subtitles are shown', async () => {
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Озвучка и субтитры' }));

    const subtitles = within(await screen.findByRole('menu')).getByRole('group', { name: 'Субтитры' });
    expect(within(subtitles).getByRole('menuitemradio', { name: /Выключены/ })).toHaveAttribute('aria-checked', 'true');
  });

  it('picks a voice-over or subtitles by click, and turns the subtitles off', async () => {
    const { user, onAudio, onSubtitles } = renderMenu({ subtitleTrack: 0 });
    const trigger = screen.getByRole('button', { name: 'Озвучка и субтитры' });

    await user.click(trigger);
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: /AniDub/ }));
    expect(onAudio).toHaveBeenCalledWith(2);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(trigger);
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: /Kitsune/ }));
    expect(onSubtitles).toHaveBeenLastCalledWith(1);

    await user.click(trigger);
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: /Выключены/ }));
    expect(onSubtitles).toHaveBeenLastCalledWith(-1);
  });

  it('works by keys: arrows move, Enter picks, Escape closes and gives the focus back', async () => {
    const { user, onAudio } = renderMenu();
    const trigger = screen.getByRole('button', { name: 'Озвучка и субтитры' });
    trigger.focus();

    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitemradio')[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(menu).getByRole('menuitemradio', { name: /AniDub/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onAudio).toHaveBeenCalledWith(2);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(onAudio).toHaveBeenCalledTimes(1);
  });

  it('has no subtitles section when the stream has none', async () => {
    const { user } = renderMenu({ subtitles: [] });
    await user.click(screen.getByRole('button', { name: 'Озвучка и субтитры' }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('group', { name: 'Озвучка' })).toBeInTheDocument();
    expect(within(menu).queryByRole('group', { name: 'Субтитры' })).not.toBeInTheDocument();
  });

  it('is offered with two voice-overs or more, or any subtitles', () => {
    expect(offersTrackChoice({ audio: AUDIO.slice(0, 2), subtitles: [] })).toBe(true);
    expect(offersTrackChoice({ audio: AUDIO.slice(0, 1), subtitles: SUBTITLES.slice(0, 1) })).toBe(true);
    expect(offersTrackChoice({ audio: [], subtitles: SUBTITLES.slice(0, 1) })).toBe(true);
    expect(offersTrackChoice({ audio: AUDIO.slice(0, 1), subtitles: [] })).toBe(false);
    expect(offersTrackChoice({ audio: [], subtitles: [] })).toBe(false);
  });
});
