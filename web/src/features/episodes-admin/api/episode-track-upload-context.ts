import { createContext, useContext } from 'react';
import { startEpisodeTrackUpload, type StartEpisodeTrackUpload } from './episode-track-upload';

/** How the «Дорожки» dialog sends a track's file: XMLHttpRequest in the app, a fake in tests and stories. */
export const EpisodeTrackUploadContext = createContext<StartEpisodeTrackUpload>(startEpisodeTrackUpload);

export const useStartEpisodeTrackUpload = (): StartEpisodeTrackUpload => useContext(EpisodeTrackUploadContext);
