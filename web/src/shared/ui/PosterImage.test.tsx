import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PosterImage } from './PosterImage';

describe('PosterImage', () => {
  it('loads lazily in a fixed 2:3 box', () => {
    render(<PosterImage src="https://cdn.example/p.jpg" fallbackSrc="/api/posters/1.svg" alt="Постер" />);
    const image = screen.getByRole('img', { name: 'Постер' });
    expect(image).toHaveAttribute('src', 'https://cdn.example/p.jpg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '200');
    expect(image).toHaveAttribute('height', '300');
    expect(image.parentElement).toHaveClass('poster');
  });

  it('switches to the fallback poster when the real one fails', () => {
    render(<PosterImage src="https://cdn.example/p.jpg" fallbackSrc="/api/posters/1.svg" alt="Постер" className="extra" />);
    fireEvent.error(screen.getByRole('img', { name: 'Постер' }));
    expect(screen.getByRole('img', { name: 'Постер' })).toHaveAttribute('src', '/api/posters/1.svg');
    expect(screen.getByRole('img', { name: 'Постер' }).parentElement).toHaveClass('extra');
  });

  it('shows a blank placeholder, never a broken image, when the fallback fails too', () => {
    render(<PosterImage src="https://cdn.example/p.jpg" fallbackSrc="/api/posters/1.svg" alt="Постер" />);
    fireEvent.error(screen.getByRole('img', { name: 'Постер' }));
    fireEvent.error(screen.getByRole('img', { name: 'Постер' }));
    const blank = screen.getByRole('img', { name: 'Постер' });
    expect(blank.tagName).toBe('SPAN');
  });

  it('tries a new src again after a failure', () => {
    const { rerender } = render(<PosterImage src="https://cdn.example/a.jpg" fallbackSrc="/api/posters/1.svg" alt="Постер" />);
    fireEvent.error(screen.getByRole('img', { name: 'Постер' }));
    rerender(<PosterImage src="https://cdn.example/b.jpg" fallbackSrc="/api/posters/2.svg" alt="Постер" />);
    expect(screen.getByRole('img', { name: 'Постер' })).toHaveAttribute('src', 'https://cdn.example/b.jpg');
  });
});
