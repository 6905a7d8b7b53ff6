export { formatPlaybackTime as formatTime } from '@portal/contracts';
