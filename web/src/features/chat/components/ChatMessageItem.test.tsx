import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { makeChatMessage } from '../testing/chat-fixtures';
import { ChatMessageItem } from './ChatMessageItem';

describe('ChatMessageItem', () => {
  it('isolates what the author typed: the name in a <bdi>, the text in a dir="auto" paragraph', () => {
    const message = makeChatMessage({ id: 'm1', username: 'شادی', message: 'سلام всем' });
    renderWithApp(
      <ul>
        <ChatMessageItem message={message} own={false} />
      </ul>,
    );
    const author = screen.getByRole('link', { name: 'شادی' });
    expect(within(author).getByText('شادی').tagName).toBe('BDI');
    expect(screen.getByText('سلام всем').closest('p')).toHaveAttribute('dir', 'auto');
  });
});
