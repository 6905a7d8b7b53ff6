import { Controller } from '@nestjs/common';
import { PEOPLE_OPERATIONS } from '@portal/contracts/operations';
import type { CatalogueIdRequest, CharactersRequest } from '@portal/contracts/schemas';
import { HandlesOperation, Input } from '@portal/platform';
import { PeopleService } from './people.service';

@Controller()
export class PeopleMessageController {
  constructor(private readonly people: PeopleService) {}

  @HandlesOperation(PEOPLE_OPERATIONS.characters)
  characters(@Input() { search, page, limit }: CharactersRequest) {
    return this.people.characters(search, page, limit);
  }

  @HandlesOperation(PEOPLE_OPERATIONS.character)
  character(@Input() { id }: CatalogueIdRequest) {
    return this.people.character(id);
  }

  @HandlesOperation(PEOPLE_OPERATIONS.seiyuu)
  seiyuu(@Input() { id }: CatalogueIdRequest) {
    return this.people.seiyuu(id);
  }
}
