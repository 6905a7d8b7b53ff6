import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { QUIZ_IMAGE_MAX_BYTES, QUIZ_IMAGE_WIDTH, QUIZ_MESSAGES, type QuizImageUpload, quizImageUrl } from '@portal/contracts';
import { RequireUser, Writes } from '../auth/access.guard';
import { FileStorage } from '../uploads/file-storage';
import { invalidField, readFormWithFile } from '../uploads/multipart-form';
import { storeResizedImage } from '../uploads/resized-image';

/**
 * What quizzes need beyond their declared operations (QUIZZES_OPERATIONS, routed by OperationsController):
 * the image upload, resized here where the uploads live.
 */
@ApiTags('quiz')
@Controller()
export class QuizzesController {
  constructor(private readonly storage: FileStorage) {}

  @Post('quiz/images')
  @Writes()
  @RequireUser()
  @HttpCode(201)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOperation({
    summary: `Upload a cover or question image (JPEG, PNG, WebP or GIF by content, up to 5 MB), stored as WebP ${QUIZ_IMAGE_WIDTH} px wide. Send its id as cover or a question’s image`,
  })
  async image(@Req() request: FastifyRequest): Promise<QuizImageUpload> {
    const { file } = await readFormWithFile(request, {
      fileField: 'file',
      maxBytes: QUIZ_IMAGE_MAX_BYTES,
      messages: { notMultipart: QUIZ_MESSAGES.notMultipart, tooLarge: QUIZ_MESSAGES.imageTooLarge },
    });
    if (!file) throw invalidField('file', QUIZ_MESSAGES.imageMissing);
    const { id } = await storeResizedImage(this.storage, file, {
      folder: 'quiz',
      widths: [QUIZ_IMAGE_WIDTH],
      messages: { type: QUIZ_MESSAGES.imageType, broken: QUIZ_MESSAGES.imageBroken },
    });
    return { id, url: quizImageUrl(id) };
  }
}
