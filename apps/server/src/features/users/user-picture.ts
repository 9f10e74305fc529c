import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROFILE_PICTURE_SIZE, type TUser } from '@lms/contracts/users';
import sharp from 'sharp';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { findUserInScope } from './user-find';
import { presentOneUser } from './user-present';
import { assertNotExternal, assertNotHigherRank } from './user-rules';
import { resolveUserScope } from './user-scope';
import { findUserById, updateUserFields } from './user.repository';

/** Spec section 3: png, jpg or webp, recognised by their first bytes, never by name or declared type. */
export function pictureKind(bytes: Buffer): 'png' | 'jpg' | 'webp' | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return undefined;
}

const pictureDir = (deps: AppDeps, clientId: string) =>
  path.join(deps.config.dataDir, 'files', 'profile-pictures', clientId);

/** Square WebP of 256 px; EXIF orientation applied, metadata dropped; decompression bombs refused by pixel count. */
async function resizePicture(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    return badRequest('unknown_file_type');
  }
}

export async function setProfilePicture(deps: AppDeps, actor: Actor, id: string, bytes: Buffer): Promise<TUser> {
  const scope = await resolveUserScope(deps, actor);
  const user = await findUserInScope(deps.db, scope, id);
  assertNotHigherRank(actor, [user]);
  assertNotExternal([user]);
  if (!pictureKind(bytes)) badRequest('unknown_file_type');
  const webp = await resizePicture(bytes);
  const dir = pictureDir(deps, actor.clientId);
  await mkdir(dir, { recursive: true });
  const name = `${id}-${randomBytes(6).toString('hex')}.webp`;
  const tmp = path.join(dir, `.${name}.tmp`);
  await writeFile(tmp, webp);
  await rename(tmp, path.join(dir, name));
  await updateUserFields(deps.db, actor.clientId, id, { profile_picture: name });
  if (user.profile_picture) await rm(path.join(dir, user.profile_picture), { force: true });
  return presentOneUser(deps.db, actor.clientId, { ...user, profile_picture: name });
}

export async function removeProfilePicture(deps: AppDeps, actor: Actor, id: string): Promise<TUser> {
  const scope = await resolveUserScope(deps, actor);
  const user = await findUserInScope(deps.db, scope, id);
  assertNotHigherRank(actor, [user]);
  assertNotExternal([user]);
  await updateUserFields(deps.db, actor.clientId, id, { profile_picture: null });
  if (user.profile_picture)
    await rm(path.join(pictureDir(deps, actor.clientId), user.profile_picture), { force: true });
  return presentOneUser(deps.db, actor.clientId, { ...user, profile_picture: null });
}

async function readPicture(deps: AppDeps, clientId: string, file: string | null): Promise<Buffer> {
  // The stored name is ours (id plus random hex), but keep it inside the folder all the same.
  if (!file || path.basename(file) !== file) return notFound('picture');
  return readFile(path.join(pictureDir(deps, clientId), file)).catch(() => notFound('picture'));
}

export async function readProfilePicture(deps: AppDeps, actor: Actor, id: string): Promise<Buffer> {
  const scope = await resolveUserScope(deps, actor);
  const user = await findUserInScope(deps.db, scope, id);
  return readPicture(deps, actor.clientId, user.profile_picture);
}

export async function readOwnPicture(deps: AppDeps, actor: Actor): Promise<Buffer> {
  const user = await findUserById(deps.db, actor.clientId, actor.userId);
  return readPicture(deps, actor.clientId, user?.profile_picture ?? null);
}
