import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { COMMENT_LIKES_PUSH_INTERVAL_MS } from '@portal/contracts';
import { CommentsRepository } from './comments.repository';
import { CommentsPusher } from './comments-pusher';

interface Window {
  animeId: number;
  /** The count changed after this window's push read it: push again when the window closes. */
  again: boolean;
  timer?: NodeJS.Timeout;
}

/**
 * `comment:likes` without flooding a room when a popular comment gets many likes at once: per
 * comment, the first change is pushed at once, then a window of COMMENT_LIKES_PUSH_INTERVAL_MS opens
 * (counted from the end of that push); changes inside it make one more push when it closes, with the
 * count read then. So a comment gets at most one push per interval, its pushes never overtake each
 * other, and the last one carries the count after the last committed change. Per community replica:
 * with N replicas a room may get up to N pushes per interval, each with a committed count.
 */
@Injectable()
export class CommentLikesPusher implements OnModuleDestroy {
  private readonly logger = new Logger(CommentLikesPusher.name);
  private readonly windows = new Map<string, Window>();
  private stopped = false;

  constructor(
    private readonly comments: CommentsRepository,
    private readonly pusher: CommentsPusher,
  ) {}

  /** Called once a like or an unlike that changed the count has committed. */
  changed(animeId: number, id: string): void {
    const open = this.windows.get(id);
    if (open) open.again = true;
    else this.open(animeId, id);
  }

  onModuleDestroy(): void {
    this.stopped = true;
    for (const window of this.windows.values()) clearTimeout(window.timer);
    this.windows.clear();
  }

  private open(animeId: number, id: string): void {
    const window: Window = { animeId, again: false };
    this.windows.set(id, window);
    void this.push(animeId, id).then(() => {
      if (this.stopped) return;
      window.timer = setTimeout(() => this.close(id, window), COMMENT_LIKES_PUSH_INTERVAL_MS);
      // A pending push does not keep a stopping process alive.
      window.timer.unref();
    });
  }

  private close(id: string, window: Window): void {
    this.windows.delete(id);
    if (window.again) this.open(window.animeId, id);
  }

  private async push(animeId: number, id: string): Promise<void> {
    try {
      const likes = await this.comments.likesNow(id);
      if (likes !== null) this.pusher.push(animeId, 'comment:likes', { id, animeId, likes });
    } catch (error) {
      this.logger.warn(`comment likes push failed: ${String(error)}`);
    }
  }
}
