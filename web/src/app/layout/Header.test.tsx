import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TV_NAV_MEDIA_QUERY } from '../../shared/config/constants';
import { makeUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { Header } from './Header';

function emulateScreen(matchingQuery: string | null) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === matchingQuery,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

const renderHeader = () => renderWithApp(<Header user={makeUser()} onSignInClick={() => undefined} onSignOut={() => undefined} />, { route: '/' });
const press = (key: string, target: Element | Window = window) => fireEvent.keyDown(target, { key });

afterEach(() => vi.restoreAllMocks());

describe('TV-like navigation', () => {
  it('moves over the first seven items with the arrows, clamped to 0..6, and Enter opens the focused one', () => {
    emulateScreen(TV_NAV_MEDIA_QUERY);
    renderHeader();
    const focused = () => document.querySelector('.nav__link--tv-focus')?.textContent;

    expect(focused()).toBe('Главная');
    press('ArrowLeft');
    expect(focused()).toBe('Главная');
    press('ArrowRight');
    press('ArrowRight');
    expect(focused()).toBe('Квизы');
    for (let i = 0; i < 10; i += 1) press('ArrowRight');
    expect(focused()).toBe('Персонажи');
    press('Enter');
    expect(screen.getByTestId('location')).toHaveTextContent('/characters');
  });

  it('ignores arrows typed into a text field', () => {
    emulateScreen(TV_NAV_MEDIA_QUERY);
    renderHeader();
    const input = document.createElement('input');
    document.body.append(input);
    press('ArrowRight', input);
    expect(document.querySelector('.nav__link--tv-focus')?.textContent).toBe('Главная');
    input.remove();
  });

  it('is off on screens with hover or below 1280 px', () => {
    emulateScreen(null);
    renderHeader();
    press('ArrowRight');
    press('Enter');
    expect(document.querySelector('.nav__link--tv-focus')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/');
  });
});

describe('Header', () => {
  it('toggles the mobile menu with an accessible button', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Открыть меню' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Закрыть меню' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Основная навигация' })).toHaveClass('nav--open');
  });

  it('shows the admin link only to admins', () => {
    const { unmount } = renderHeader();
    expect(screen.queryByRole('link', { name: 'Админ-панель' })).not.toBeInTheDocument();
    unmount();
    renderWithApp(<Header user={makeUser({ group: 'admin' })} onSignInClick={() => undefined} onSignOut={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Админ-панель' })).toHaveAttribute('href', '/admin');
  });
});
