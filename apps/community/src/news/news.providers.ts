import type { Provider } from '@nestjs/common';
import { EpisodesAddedListener } from './listeners/episodes-added.listener';
import { NewsMessageController } from './news.message-controller';
import { NewsRepository } from './news.repository';
import { NewsReader } from './services/news-reader';
import { NewsService } from './services/news.service';

/**
 * News, registered by the community module in one line each. They use the titles' read model
 * (`AnimeRefsService`) and the auth lookups of the comments (`Accounts`).
 */
export const NEWS_CONTROLLERS = [NewsMessageController];

export const NEWS_PROVIDERS: Provider[] = [NewsRepository, NewsService, NewsReader, EpisodesAddedListener];
