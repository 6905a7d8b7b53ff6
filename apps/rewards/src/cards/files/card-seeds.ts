import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CARD_MEDIA_FOLDER } from '@portal/contracts';
import { CardsRepository } from '../cards.repository';
import { CARDS_SETTINGS, type CardsSettings } from '../card-settings';
import { cardFileName, RARITY_FRAMES, RARITY_WEIGHTS, renderCardSvg, SEED_CARDS, SEED_VIDEO_CARDS, type SeedVideoCard } from './card-art';
import { findFfmpeg, runFfmpeg } from '@portal/platform';

/**
 * The project's own cards, added once per database at boot (every replica may run it): each seed key
 * is claimed in rewards.card_seeds in the transaction that adds its card, so an admin's retire or
 * change stays, and a seed is never added twice. The SVGs are written before the claim (the same
 * bytes and name on every replica); the WebM loops are made with ffmpeg in the background.
 */
@Injectable()
export class CardSeeds implements OnApplicationBootstrap {
  private readonly logger = new Logger(CardSeeds.name);
  /** The background WebM run, awaited by tests. */
  videos: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly cards: CardsRepository,
    @Inject(CARDS_SETTINGS) private readonly settings: CardsSettings,
  ) {}

  async onApplicationBootstrap() {
    await this.seedImages().catch((error: unknown) => this.logger.warn(`seed cards not added: ${String(error)}`));
    if (this.settings.videos)
      this.videos = this.seedVideos().catch((error: unknown) => (this.logger.warn(`animated seed cards not added: ${String(error)}`), 0));
  }

  private folder() {
    return join(this.settings.mediaDir, CARD_MEDIA_FOLDER);
  }

  /** Answers how many were added. */
  async seedImages(): Promise<number> {
    const done = await this.cards.seeded();
    await mkdir(this.folder(), { recursive: true });
    let added = 0;
    for (const card of SEED_CARDS) {
      const svg = renderCardSvg(card);
      const file = cardFileName(card.seed.replace(/^svg:/, ''), svg, 'svg');
      // Written even when seeded before: a new media volume (or replica's folder) gets the same bytes.
      await this.writeOnce(file, Buffer.from(svg));
      if (done.has(card.seed)) continue;
      if (await this.add(card.seed, { title: card.title, description: card.description, rarity: card.rarity, file, weight: RARITY_WEIGHTS[card.rarity] }))
        added += 1;
    }
    if (added) this.logger.log(`${added} seed cards added`);
    return added;
  }

  /** The animated cards: skipped when ffmpeg is missing (the SVG cards are enough to play). */
  async seedVideos(): Promise<number> {
    const done = await this.cards.seeded();
    const files = await this.cards.seedFiles();
    // A seeded loop whose file is not in this folder (a new media volume) is made again under its name.
    const missing = SEED_VIDEO_CARDS.flatMap((card) => {
      const file = files.get(card.seed);
      return file && !existsSync(join(this.folder(), file)) ? [{ card, file }] : [];
    });
    const pending = SEED_VIDEO_CARDS.filter((card) => !done.has(card.seed));
    if (pending.length === 0 && missing.length === 0) return 0;
    const ffmpeg = findFfmpeg();
    if (!ffmpeg) {
      this.logger.warn('no ffmpeg: the animated seed cards are skipped');
      return 0;
    }
    await mkdir(this.folder(), { recursive: true });
    for (const { card, file } of missing) {
      const scratch = join(this.folder(), `.${randomUUID()}.webm`);
      try {
        await runFfmpeg(ffmpeg, videoArgs(card, scratch));
        if (!existsSync(join(this.folder(), file))) await rename(scratch, join(this.folder(), file));
      } finally {
        await rm(scratch, { force: true });
      }
    }
    let added = 0;
    for (const card of pending) {
      const scratch = join(this.folder(), `.${randomUUID()}.webm`);
      try {
        await runFfmpeg(ffmpeg, videoArgs(card, scratch));
        const content = await readFile(scratch);
        const file = cardFileName(card.seed.replace(/^webm:/, ''), content, 'webm');
        if (!existsSync(join(this.folder(), file))) await rename(scratch, join(this.folder(), file));
        if (await this.add(card.seed, { title: card.title, description: card.description, rarity: card.rarity, file, weight: RARITY_WEIGHTS[card.rarity] }))
          added += 1;
      } finally {
        await rm(scratch, { force: true });
      }
    }
    if (added) this.logger.log(`${added} animated seed cards added`);
    return added;
  }

  private async add(seed: string, card: Parameters<CardsRepository['insert']>[0]): Promise<boolean> {
    return this.cards.transaction(async (manager) => {
      if (!(await this.cards.claimSeed(manager, seed))) return false;
      // The same bytes as a card already there (an admin uploaded them): the seed names that card.
      const row = (await this.cards.insert(card, manager)) ?? (await this.cards.byFile(card.file, manager));
      if (row) await this.cards.linkSeed(manager, seed, row.id);
      return true;
    });
  }

  /** Writes through a scratch name and a rename, so a reader never sees half a file. */
  private async writeOnce(file: string, content: Buffer): Promise<void> {
    const target = join(this.folder(), file);
    if (existsSync(target)) return;
    const scratch = join(this.folder(), `.${randomUUID()}.part`);
    await writeFile(scratch, content);
    await rename(scratch, target);
  }
}

/** A 3-second loop, 240×336 with the rarity's frame, VP8 without sound (small, plays everywhere). */
function videoArgs(card: SeedVideoCard, output: string): string[] {
  const frame = RARITY_FRAMES[card.rarity].outer.replace('#', '0x');
  return [
    '-f',
    'lavfi',
    '-i',
    card.source,
    '-frames:v',
    '36',
    '-vf',
    `format=yuv420p,pad=w=240:h=336:x=8:y=8:color=${frame}`,
    '-c:v',
    'libvpx',
    '-b:v',
    '400k',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-auto-alt-ref',
    '0',
    '-an',
    output,
  ];
}
