import { LibraryController } from './library.controller';
import { ProgressController } from './progress.controller';

/** The community routes, registered by the gateway module in one line. */
export const COMMUNITY_CONTROLLERS = [LibraryController, ProgressController];
