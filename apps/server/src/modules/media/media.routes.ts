import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { errorSchema } from '@posauto/shared/schemas/common';
import { uploadedImageSchema } from '@posauto/shared/schemas/products';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { notFound, unprocessable } from '../../http/errors';
import { IMMUTABLE, LOCAL_PREFIX, MEDIA_KEY } from './media.store';
import { imageTooLarge, MAX_IMAGE_BYTES, storeImage } from './media.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema, 422: errorSchema };

export function mediaRoutes(app: AppInstance, deps: Deps): void {
  // Multipart parsing only where files are uploaded: one file of at most 5 MB, a few small fields.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 } });
    scope.post('/api/v1/media/images', {
      config: { access: { anyOf: ['product-create', 'product-edit', 'general-setting'] } },
      schema: {
        tags: ['media'],
        summary: 'Upload an image (PNG, JPEG or WebP, at most 5 MB, multipart field "file"): stored resized to fit 800x800 as WebP',
        consumes: ['multipart/form-data'],
        response: { 201: uploadedImageSchema, ...errors },
      },
      handler: async (req, reply) => {
        const ctx = ctxOf(req);
        if (!req.isMultipart()) throw unprocessable('errors.image_required', 'file');
        const file = await req.file();
        if (!file || file.fieldname !== 'file') throw unprocessable('errors.image_required', 'file');
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (e) {
          if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
          throw e;
        }
        if (bytes.length === 0) throw unprocessable('errors.image_required', 'file');
        return reply.status(201).send(await storeImage(deps, ctx.businessId, bytes));
      },
    });
  });

  // Locally stored images, public (the QR menu shows them without a login). Names are random 128-bit and never
  // reused, so a year of immutable caching is safe; nosniff so a browser never reads one as anything but an image.
  const media = deps.config.media;
  if (media.kind !== 'local') return;
  app.get(`${LOCAL_PREFIX}*`, { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*'?: string })['*'] ?? '';
    if (!MEDIA_KEY.test(key)) throw notFound();
    const path = join(media.dir, key);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw notFound();
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', info.size)
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(path));
  });
}
