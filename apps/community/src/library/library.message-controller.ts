import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { LISTS_OPERATIONS } from '@portal/contracts/operations';
import type { ListEntryParams, ListExportRequest, ListImportRequest, ListQuery, ListStatusUpdate, RatingUpdate } from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { LibraryService } from './services/library.service';
import { ListFilesService } from './services/list-files.service';

/** Lists, ratings, import and export (LISTS_OPERATIONS). The user is always the caller's token, never the body. */
@Controller()
export class LibraryMessageController {
  constructor(
    private readonly library: LibraryService,
    private readonly files: ListFilesService,
  ) {}

  @HandlesOperation(LISTS_OPERATIONS.update)
  update(@Input() { animeId, ...change }: ListStatusUpdate, @Caller() user: AuthenticatedUser) {
    return this.library.update(user, animeId, change);
  }

  @HandlesOperation(LISTS_OPERATIONS.remove)
  remove(@Input() { animeId }: ListEntryParams, @Caller() user: AuthenticatedUser) {
    return this.library.remove(user, animeId);
  }

  @HandlesOperation(LISTS_OPERATIONS.entry)
  entry(@Input() { animeId }: ListEntryParams, @Caller() user: AuthenticatedUser) {
    return this.library.entry(user, animeId);
  }

  @HandlesOperation(LISTS_OPERATIONS.mine)
  mine(@Input() query: ListQuery, @Caller() user: AuthenticatedUser) {
    return this.library.list(user.id, query);
  }

  @HandlesOperation(LISTS_OPERATIONS.ofUser)
  async ofUser(@Input() { username, ...query }: ListQuery & { username: string }) {
    return this.library.listOf(username, query);
  }

  @HandlesOperation(LISTS_OPERATIONS.rate)
  rate(@Input() { animeId, rating }: RatingUpdate, @Caller() user: AuthenticatedUser) {
    return this.library.rate(user, animeId, rating);
  }

  @HandlesOperation(LISTS_OPERATIONS.import)
  import(@Input() { format, content }: ListImportRequest, @Caller() user: AuthenticatedUser) {
    return this.files.import(user, format, content);
  }

  @HandlesOperation(LISTS_OPERATIONS.export)
  export(@Input() { format }: ListExportRequest, @Caller() user: AuthenticatedUser) {
    return this.files.export(user, format);
  }
}
