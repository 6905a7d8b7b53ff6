import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../../../test/render';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { useSeekThumbnails } from '../api/seek-thumbnails-api';
import { parseThumbnailsVtt } from '../lib/seek-thumbnails';
import { THUMBNAILS_URL } from '../testing/player-fixtures';
import { SeekBar, type SeekBarProps } from './SeekBar';

const TRACK = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:00:30.000',
  'sprite-1.jpg#xywh=0,0,160,90',
  '',
  '00:00:30.000 --> 00:01:00.000',
  'sprite-1.jpg#xywh=160,0,160,90',
  '',
  // A gap from 1:00 to 1:30 (no such track is made; a player must cope).
  '00:01:30.000 --> 00:01:40.000',
  'sprite-2.jpg#xywh=0,90,160,90',
  '',
].join('\n');
const THUMBNAILS = parseThumbnailsVtt(TRACK, 'https://portal.test/media/e/thumbnails/thumbnails.vtt');

/** The bar 1000 px wide from x = 0: a pointer at x is the time x / 10 of the 100 s episode. */
function renderBar(props: Partial<SeekBarProps> = {}) {
  const onSeek = vi.fn();
  render(<SeekBar time={10} duration={100} onSeek={onSeek} thumbnails={THUMBNAILS} {...props} />);
  const slider = screen.getByRole('slider', { name: 'Перемотка' });
  slider.getBoundingClientRect = () => ({ x: 0, y: 0, left: 0, top: 0, right: 1000, bottom: 24, width: 1000, height: 24, toJSON: () => ({}) });
  return { slider, onSeek };
}

const preview = () => screen.queryByTestId('seek-preview');
const picture = () => preview()?.querySelector<HTMLElement>('.seek-preview__picture') ?? null;

describe('the scrubber’s preview', () => {
  it('shows the sprite region of the time under a hovering mouse, with the time, and hides it when the mouse leaves', () => {
    const { slider } = renderBar();

    fireEvent.pointerMove(slider, { clientX: 450, pointerType: 'mouse' });

    expect(preview()).toHaveTextContent('0:45');
    expect(preview()).toHaveAttribute('aria-hidden', 'true');
    expect(picture()?.style.backgroundImage).toBe('url("https://portal.test/media/e/thumbnails/sprite-1.jpg")');
    expect(picture()?.style.backgroundPosition).toBe('-160px 0px');
    expect([picture()?.style.width, picture()?.style.height]).toEqual(['160px', '90px']);

    fireEvent.pointerMove(slider, { clientX: 950, pointerType: 'mouse' });
    expect(preview()).toHaveTextContent('1:35');
    expect(picture()?.style.backgroundImage).toContain('sprite-2.jpg');
    expect(picture()?.style.backgroundPosition).toBe('0px -90px');

    fireEvent.pointerLeave(slider, { pointerType: 'mouse' });
    expect(preview()).not.toBeInTheDocument();
  });

  it('follows a finger only while it drags, the thumb’s value too, and goes when it lifts', () => {
    const { slider, onSeek } = renderBar();

    fireEvent.pointerMove(slider, { clientX: 200, pointerType: 'touch' });
    expect(preview()).not.toBeInTheDocument();

    fireEvent.pointerDown(slider, { clientX: 200, pointerType: 'touch', pointerId: 1 });
    expect(preview()).toHaveTextContent('0:20');
    fireEvent.change(slider, { target: { value: '40' } });
    expect(onSeek).toHaveBeenLastCalledWith(40);
    expect(preview()).toHaveTextContent('0:40');
    expect(picture()?.style.backgroundPosition).toBe('-160px 0px');

    fireEvent.pointerUp(slider, { pointerType: 'touch', pointerId: 1 });
    expect(preview()).not.toBeInTheDocument();
  });

  it('keeps a mouse drag’s preview when it goes past the bar, until the button is released outside', () => {
    const { slider } = renderBar();

    fireEvent.pointerDown(slider, { clientX: 100, pointerType: 'mouse', pointerId: 1 });
    fireEvent.pointerLeave(slider, { pointerType: 'mouse' });
    expect(preview()).toHaveTextContent('0:10');
    fireEvent.change(slider, { target: { value: '25' } });
    expect(preview()).toHaveTextContent('0:25');

    fireEvent.pointerUp(slider, { pointerType: 'mouse', pointerId: 1 });
    fireEvent.pointerLeave(slider, { pointerType: 'mouse' });
    expect(preview()).not.toBeInTheDocument();
  });

  it('shows nothing where no thumbnail stands for the time', () => {
    const { slider } = renderBar();
    fireEvent.pointerMove(slider, { clientX: 700, pointerType: 'mouse' });
    expect(preview()).not.toBeInTheDocument();
  });

  it('shows no preview without thumbnails, and seeks as before', () => {
    const { slider, onSeek } = renderBar({ thumbnails: null });

    fireEvent.pointerMove(slider, { clientX: 450, pointerType: 'mouse' });
    expect(preview()).not.toBeInTheDocument();
    fireEvent.change(slider, { target: { value: '60' } });
    expect(onSeek).toHaveBeenCalledWith(60);
    expect(slider).toHaveAttribute('aria-valuetext', '0:10 из 1:40');
  });

  it('is off, without a preview, until the stream tells the duration', () => {
    const { slider } = renderBar({ duration: null });
    expect(slider).toBeDisabled();
    fireEvent.pointerMove(slider, { clientX: 450, pointerType: 'mouse' });
    expect(preview()).not.toBeInTheDocument();
  });

  it('keeps the box within the bar’s ends', () => {
    renderBar({ initialPreviewTime: 25 });
    // Centred on the time, but never less than half the box (160 px and its 3 px frame) from an end (seek-preview.css).
    expect(preview()?.style.getPropertyValue('--seek-preview-at')).toBe('25%');
    expect(preview()?.style.getPropertyValue('--seek-preview-half')).toBe('83px');
  });
});

describe('useSeekThumbnails', () => {
  const mockApi = mockApiPerTest();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;

  it('reads the track once, its sprites resolved against its URL', async () => {
    const api = mockApi({ [`GET ${THUMBNAILS_URL}`]: { raw: TRACK, headers: { 'Content-Type': 'text/vtt; charset=utf-8' } } });

    const { result, rerender } = renderHook(() => useSeekThumbnails(THUMBNAILS_URL), { wrapper });

    await waitFor(() => expect(result.current).toHaveLength(3));
    expect(result.current?.[0].url).toBe(new URL(THUMBNAILS_URL.replace('thumbnails.vtt', 'sprite-1.jpg'), document.baseURI).href);
    rerender();
    expect(api.callsTo(`GET ${THUMBNAILS_URL}`)).toHaveLength(1);
  });

  it('has none without a track, and none, without an error, when the track does not load or is no WebVTT', async () => {
    const api = mockApi({ [`GET ${THUMBNAILS_URL}`]: { status: 404, raw: 'Not Found' }, 'GET /other.vtt': { raw: '<!doctype html>' } });

    expect(renderHook(() => useSeekThumbnails(null), { wrapper }).result.current).toBeNull();
    const missing = renderHook(() => useSeekThumbnails(THUMBNAILS_URL), { wrapper });
    const broken = renderHook(() => useSeekThumbnails('/other.vtt'), { wrapper });

    await waitFor(() => expect(api.callsTo(`GET ${THUMBNAILS_URL}`)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET /other.vtt')).toHaveLength(1));
    expect(missing.result.current).toBeNull();
    expect(broken.result.current).toBeNull();
    expect(api.calls).toHaveLength(2);
  });
});
