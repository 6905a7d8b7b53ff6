import { Controller } from '@nestjs/common';
import { CATALOGUE_OPERATIONS } from '@portal/contracts/operations';
import type { AnimeSearchRequest, AnimeSuggestRequest } from '@portal/contracts/schemas';
import { HandlesOperation, Input } from '@portal/platform';
import { SearchService } from './search.service';

@Controller()
export class SearchMessageController {
  constructor(private readonly search: SearchService) {}

  @HandlesOperation(CATALOGUE_OPERATIONS.search)
  find(@Input() { title, limit: size }: AnimeSearchRequest) {
    return this.search.search(title, size);
  }

  @HandlesOperation(CATALOGUE_OPERATIONS.suggest)
  suggest(@Input() { q, limit: size }: AnimeSuggestRequest) {
    return this.search.suggest(q, size);
  }
}
