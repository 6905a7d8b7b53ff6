/** Whether an avatar, banner or card (a bare file name or an address; query and hash ignored) is a WebM clip rather than an image. */
export const isVideoUrl = (url: string | null | undefined): boolean => Boolean(url && /\.webm$/i.test(url.split(/[?#]/)[0] ?? ''));
