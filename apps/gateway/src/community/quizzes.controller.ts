import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { QUIZ_IMAGE_MAX_BYTES, QUIZ_IMAGE_WIDTH, QUIZ_MESSAGES, type QuizImageUpload, quizImageUrl, type RpcMeta } from '@portal/contracts';
import { quizListQuerySchema, quizPageQuerySchema, quizParamsSchema, quizRejectBodySchema, quizResultSchema, quizWriteSchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly, RequireUser, Writes } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { FileStorage } from '../uploads/file-storage';
import { invalidField, readFormWithFile } from '../uploads/multipart-form';
import { storeResizedImage } from '../uploads/resized-image';

class QuizWriteBody extends createZodDto(quizWriteSchema) {}
class QuizListQuery extends createZodDto(quizListQuerySchema) {}
class QuizPageQuery extends createZodDto(quizPageQuerySchema) {}
class QuizParams extends createZodDto(quizParamsSchema) {}
class QuizRejectBody extends createZodDto(quizRejectBodySchema) {}
class QuizResultBody extends createZodDto(quizResultSchema) {}

/**
 * Quizzes (docs/community.md, «Quizzes»): the community owns them and decides what each caller may
 * see, so nothing here is cached. Admin routes are checked here and again by the community. Images
 * are resized here, where the uploads live.
 */
@ApiTags('quiz')
@Controller()
export class QuizzesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly storage: FileStorage,
  ) {}

  @Get('quiz')
  @ApiOperation({ summary: 'Approved quizzes, 20 a page; ?sort=popular|new|title (popular by default), ?page; the caller’s best result when signed in' })
  list(@Query() query: QuizListQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.quiz.list', query, meta);
  }

  @Get('quiz/mine')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The caller’s quizzes in every status (pending, approved, rejected with its reason), newest first' })
  mine(@Query() query: QuizPageQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.quiz.mine', query, meta);
  }

  @Get('quiz/moderation')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: pending quizzes only, longest waiting first, with their correct answers' })
  moderation(@Query() query: QuizPageQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.quiz.moderation', query, meta);
  }

  @Post('quiz/images')
  @Writes()
  @RequireUser()
  @HttpCode(201)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOperation({ summary: `Upload a cover or question image (JPEG, PNG, WebP or GIF by content, up to 5 MB), stored as WebP ${QUIZ_IMAGE_WIDTH} px wide. Send its id as cover or a question’s image` })
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

  @Get('quiz/:id')
  @ApiOperation({ summary: 'One quiz without its questions: approved, or the caller’s own, or any to an admin (404 otherwise)' })
  get(@Param() params: QuizParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.quiz.get', params, meta);
  }

  @Get('quiz/:id/edit')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The quiz with its correct answers, for the editor: its author or an admin' })
  editable(@Param() params: QuizParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.quiz.editable', params, meta);
  }

  @Post('quiz')
  @Writes()
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Create a quiz (pending until an admin approves it): title 3-120, description up to 1000, cover (an uploaded image id), animeIds (up to 10), timeLimitSeconds 30-3600 or null, 3-50 questions of text, image, 2-6 options and the indexes of the correct ones. At most 5 pending and 10 a day per author (429)',
  })
  create(@Body() body: QuizWriteBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.quiz.create', body, meta);
  }

  @Put('quiz/:id')
  @Writes()
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Replace a quiz (its author or an admin); it goes back to pending' })
  update(@Param() { id }: QuizParams, @Body() body: QuizWriteBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.quiz.update', { ...body, id }, meta);
  }

  @Delete('quiz/:id')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Delete a quiz with its results (its author or an admin)' })
  delete(@Param() params: QuizParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.quiz.delete', params, meta);
  }

  @Put('quiz/:id/approve')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: publish a pending quiz (409 otherwise); the author is notified' })
  approve(@Param() params: QuizParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.quiz.approve', params, meta);
  }

  @Put('quiz/:id/reject')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: reject a pending quiz with a reason (1-500 characters); the author is notified' })
  reject(@Param() { id }: QuizParams, @Body() body: QuizRejectBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.quiz.reject', { ...body, id }, meta);
  }

  @Post('quiz/:id/attempts')
  @RequireUser()
  @HttpCode(201)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Start playing an approved quiz: attemptId, the questions without their answers, timeLimitSeconds and expiresAt' })
  start(@Param() params: QuizParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.quiz.attempt.start', params, meta);
  }

  @Post('user/quiz-result')
  @RequireUser()
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Submit an attempt: {quizId, attemptId, answers: [[option indexes] per question]}. The server scores it (a score or totalQuestions in the body is ignored), once per attempt and within the time limit (409 otherwise); answers which were right and the best result',
  })
  result(@Body() body: QuizResultBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.quiz.result.submit', body, meta);
  }
}
