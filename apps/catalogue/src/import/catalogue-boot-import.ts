import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CATALOGUE_CONFIG } from '../catalogue.tokens';
import type { CatalogueEnv } from '@portal/config';
import { CatalogueImporter } from './catalogue-importer.service';

/** A fresh installation shows a full catalogue: the dataset is imported before the service reports ready, once per database. */
@Injectable()
export class CatalogueBootImport implements OnApplicationBootstrap {
  constructor(
    private readonly importer: CatalogueImporter,
    @Inject(CATALOGUE_CONFIG) private readonly config: CatalogueEnv,
  ) {}

  async onApplicationBootstrap() {
    if (this.config.CATALOGUE_IMPORT_ON_EMPTY) await this.importer.importUnlessDone();
  }
}
