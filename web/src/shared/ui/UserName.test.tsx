import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText } from './LinkifiedText';
import { UserName } from './UserName';

const RLO = '\u202E';

describe('user text is isolated where it is shown (issue #30)', () => {
  it('UserName puts the name inside a <bdi>', () => {
    const { container } = render(<UserName name={`abc${RLO}gnp.exe xyz`} />);
    const bdi = container.querySelector('bdi');
    expect(bdi).not.toBeNull();
    expect(bdi!.textContent).toBe(`abc${RLO}gnp.exe xyz`);
  });

  it('a link after a direction override reads as the address it opens, isolated', () => {
    const { container } = render(<LinkifiedText text={`смотри ${RLO}https://example.com/moc.live и дальше`} />);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', 'https://example.com/moc.live');
    expect(link.textContent).toBe('https://example.com/moc.live');
    expect(link.firstElementChild?.tagName).toBe('BDI');
    // The override itself is gone from what is shown.
    expect(container.textContent).not.toContain(RLO);
  });
});
