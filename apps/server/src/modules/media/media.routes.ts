import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { Permission } from '@posauto/shared/permissions';
import { errorSchema } from '@posauto/shared/schemas/common';
import { uploadedImageSchema } from '@posauto/shared/schemas/products';
import type { Deps } from '../../deps';
import { allows, ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import { IMMUTABLE, LOCAL_PREFIX, MEDIA_KEY } from './media.store';
import { imageTooLarge, MAX_IMAGE_BYTES, storeImage } from './media.service';
import { recordUpload, startUploadSweep, type MediaPurpose } from './media.uploads';

/** Who may upload for what: the permissions that let a caller save a record of that kind. */
const PURPOSE_ACCESS: Record<MediaPurpose, readonly Permission[]> = {
  product: ['product-create', 'product-edit'],
  logo: ['general-setting'],
  purchase: ['stock-purchase'],
};

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema, 422: errorSchema };

export function mediaRoutes(app: AppInstance, deps: Deps): void {
  // Multipart parsing only where files are uploaded: one file of at most 5 MB, a few small fields.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 } });
    scope.post('/api/v1/media/images', {
      config: { access: { anyOf: ['product-create', 'product-edit', 'general-setting', 'stock-purchase'] } },
      schema: {
        tags: ['media'],
        operationId: 'uploadImage',
        summary: 'Upload an image (PNG, JPEG or WebP, at most 5 MB, multipart field "file"): stored resized to fit 800x800 as WebP',
        description:
          'purpose: what the image is for, product (a product image; product-create or product-edit) or logo (the shop logo; ' +
          'general-setting) or purchase (a purchase attachment; stock-purchase). Only a record of that kind can take the key, once; ' +
          'a key no record takes within a day is deleted.',
        upload: { field: 'file', description: 'The image: PNG, JPEG or WebP, at most 5 MB' },
        querystring: z.object({ purpose: z.enum(['product', 'logo', 'purchase']).default('product') }),
        response: { 201: uploadedImageSchema, ...errors },
      },
      handler: async (req, reply) => {
        const ctx = ctxOf(req);
        // Checked by the querystring schema (zod applies the default) before the handler runs.
        const { purpose } = req.query as { purpose: MediaPurpose };
        if (!allows({ anyOf: PURPOSE_ACCESS[purpose] }, ctx)) throw forbidden();
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
        const stored = await storeImage(deps, ctx.businessId, bytes);
        await recordUpload(deps.db, ctx.businessId, stored.key, purpose, deps.clock.now().toISOString());
        return reply.status(201).send(stored);
      },
    });
  });

  // Uploads no record took are swept while the app runs.
  let sweep: ReturnType<typeof startUploadSweep> | null = null;
  app.addHook('onReady', async () => {
    sweep = startUploadSweep(deps, app.log);
  });
  app.addHook('onClose', async () => {
    await sweep?.stop();
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
