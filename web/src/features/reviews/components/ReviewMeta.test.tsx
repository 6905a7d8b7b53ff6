import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { makeReview } from '../testing/review-fixtures';
import { ReviewMeta } from './ReviewMeta';

describe('ReviewMeta', () => {
  it('shows the author’s name inside a <bdi>, so it cannot reorder the line around it', () => {
    const review = makeReview();
    renderWithApp(<ReviewMeta review={{ ...review, author: { ...review.author, displayName: 'Кира 👩‍💻' } }} />);
    expect(screen.getByText('Кира 👩‍💻').tagName).toBe('BDI');
  });
});
