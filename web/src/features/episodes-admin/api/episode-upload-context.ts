import { createContext, useContext } from 'react';
import { startEpisodeUpload, type StartEpisodeUpload } from './episode-upload';

/** How the screen starts an upload: tus in the app, a fake in tests and stories. */
export const EpisodeUploadContext = createContext<StartEpisodeUpload>(startEpisodeUpload);

export const useStartEpisodeUpload = (): StartEpisodeUpload => useContext(EpisodeUploadContext);
