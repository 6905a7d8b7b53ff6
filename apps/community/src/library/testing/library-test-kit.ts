import { randomUUID } from 'node:crypto';
import type { AuthenticatedUser } from '@portal/contracts';
import { FakeDatabase, newTestService, RecordingOutbox } from '@portal/testing';
import { FakeAccountDirectory } from '../../testing/fake-accounts';
import { FakeAnimeRefs } from '../../testing/fake-anime-refs';
import { LibraryService } from '../services/library.service';
import { ListFilesService } from '../services/list-files.service';
import { FakeListEntriesRepository } from './fake-list-entries.repository';

/** The list's services (changes, ratings, import and export) on one fake database. */
export function libraryKit() {
  const db = new FakeDatabase();
  const entries = new FakeListEntriesRepository(db);
  const titles = new FakeAnimeRefs(db);
  const outbox = new RecordingOutbox(db);
  const directory = new FakeAccountDirectory();
  const { sut: library } = newTestService(LibraryService, [entries, titles, outbox, directory]);
  const { sut: files } = newTestService(ListFilesService, [entries, titles, outbox]);

  /** A viewer with a public nickname. */
  const viewer = (username: string): AuthenticatedUser => {
    const user = { id: randomUUID(), username };
    directory.ids.set(username, user.id);
    return user;
  };

  return { db, entries, titles, outbox, directory, library, files, viewer };
}

export type LibraryKit = ReturnType<typeof libraryKit>;
