import fastifyMultipart from '@fastify/multipart';
import { ZIdParams } from '@lms/contracts/common';
import { PROFILE_PICTURE_MAX_BYTES, ZUser } from '@lms/contracts/users';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { fileAnswer } from '../../platform/openapi';
import { fileUploadDoc } from '../../platform/uploads';
import { badRequest } from '../../platform/errors';
import {
  readOwnPicture,
  readProfilePicture,
  removeProfilePicture,
  setProfilePicture,
  type StoredPicture,
} from './user-picture';

/** The one uploaded file of a multipart request; over the cap it is a 413 (error handler). */
export async function uploadedFile(req: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  const file = await req.file();
  if (!file) return badRequest('upload_failed');
  return { name: file.filename, bytes: await file.toBuffer() };
}

const PICTURE = fileAnswer(['image/webp'], 'The profile picture.');
const PICTURE_UPLOAD = fileUploadDoc(PROFILE_PICTURE_MAX_BYTES);

const sendPicture = (reply: FastifyReply, picture: StoredPicture) =>
  reply
    .header('content-type', 'image/webp')
    .header('content-length', picture.size)
    .header('cache-control', 'private, max-age=60')
    .send(picture.stream);

/** Profile pictures (spec section 3 "User (admin view)"); multipart is registered for this plugin only. */
export const userPictureRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(fastifyMultipart, { limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 5 } });
  const config = { access: 'coordination.manage' as const };

  app.post(
    '/api/users/:id/picture',
    { schema: { params: ZIdParams, response: { 200: ZUser } }, config: { ...config, openapi: PICTURE_UPLOAD } },
    async (req) => {
      const { bytes } = await uploadedFile(req);
      return setProfilePicture(deps, actorOf(req), req.params.id, bytes);
    },
  );

  app.get(
    '/api/users/:id/picture',
    { schema: { params: ZIdParams }, config: { ...config, openapi: PICTURE } },
    async (req, reply) => sendPicture(reply, await readProfilePicture(deps, actorOf(req), req.params.id)),
  );

  app.delete('/api/users/:id/picture', { schema: { params: ZIdParams, response: { 200: ZUser } }, config }, (req) =>
    removeProfilePicture(deps, actorOf(req), req.params.id),
  );

  app.get('/api/user/picture', { config: { access: 'user', openapi: PICTURE } }, async (req, reply) =>
    sendPicture(reply, await readOwnPicture(deps, actorOf(req))),
  );
};
