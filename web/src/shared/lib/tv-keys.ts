/** The keys that mean "Back" on a keyboard or a TV remote (some remotes send GoBack or BrowserBack). */
export const isBackKey = (key: string): boolean => key === 'Escape' || key === 'Backspace' || key === 'GoBack' || key === 'BrowserBack';
