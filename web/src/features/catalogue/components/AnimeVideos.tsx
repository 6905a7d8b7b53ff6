import type { AnimeVideo } from '@portal/contracts';
import { CATALOGUE_STRINGS } from '../strings';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.anime;

/** Only web addresses become links (never javascript: or data:). */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

export const playableVideos = (videos: readonly AnimeVideo[]) => videos.filter((video) => isWebUrl(video.url));

/** Trailers, openings and the like: external links that open in a new tab. */
export function AnimeVideos({ videos }: { videos: readonly AnimeVideo[] }) {
  return (
    <ul className="anime-videos">
      {playableVideos(videos).map((video) => (
        <li key={video.url}>
          <a href={video.url} target="_blank" rel="noopener noreferrer">
            {video.name || S.videoFallback(video.kind)}
            <span className="visually-hidden"> {S.opensNewTab}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
