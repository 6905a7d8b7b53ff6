import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './Dialog';

/** A page that opens the dialog from a button by state, as every screen does (no Radix trigger). */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Другое</button>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Диалог">
        <button type="button" onClick={() => setOpen(false)}>
          Готово
        </button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('gives the focus back to the button that opened it, whether closed by Escape or from inside', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Открыть' });

    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Диалог' });
    expect(opener).not.toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
