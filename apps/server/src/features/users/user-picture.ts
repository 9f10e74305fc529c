import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { PROFILE_PICTURE_SIZE, type TUser } from '@lms/contracts/users';
import sharp from 'sharp';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { openFromStorage, removeFromStorage, storageKey, writeToStorage } from '../../platform/storage';
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

/** The stored picture's key; the column holds only the file name (`<user>-<random>.webp`), as it always did. */
const pictureKey = (clientId: string, file: string) => storageKey('profile-pictures', clientId, file);

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
  const name = `${id}-${randomBytes(6).toString('hex')}.webp`;
  await writeToStorage(deps.config, pictureKey(actor.clientId, name), webp);
  await updateUserFields(deps.db, actor.clientId, id, { profile_picture: name });
  if (user.profile_picture) await removeStoredPicture(deps, actor.clientId, user.profile_picture);
  return presentOneUser(deps.db, actor.clientId, { ...user, profile_picture: name });
}

export async function removeProfilePicture(deps: AppDeps, actor: Actor, id: string): Promise<TUser> {
  const scope = await resolveUserScope(deps, actor);
  const user = await findUserInScope(deps.db, scope, id);
  assertNotHigherRank(actor, [user]);
  assertNotExternal([user]);
  await updateUserFields(deps.db, actor.clientId, id, { profile_picture: null });
  if (user.profile_picture) await removeStoredPicture(deps, actor.clientId, user.profile_picture);
  return presentOneUser(deps.db, actor.clientId, { ...user, profile_picture: null });
}

/** A name that is no plain key segment was never ours: nothing to remove. */
async function removeStoredPicture(deps: AppDeps, clientId: string, file: string): Promise<void> {
  let key: string;
  try {
    key = pictureKey(clientId, file);
  } catch {
    return;
  }
  await removeFromStorage(deps.config, key);
}

export type StoredPicture = { stream: Readable; size: number };

async function readPicture(deps: AppDeps, clientId: string, file: string | null): Promise<StoredPicture> {
  // The stored name is ours (id plus random hex), but keep it a plain key segment all the same.
  let key: string;
  try {
    key = pictureKey(clientId, file ?? '');
  } catch {
    return notFound('picture');
  }
  return (await openFromStorage(deps.config, key)) ?? notFound('picture');
}

export async function readProfilePicture(deps: AppDeps, actor: Actor, id: string): Promise<StoredPicture> {
  const scope = await resolveUserScope(deps, actor);
  const user = await findUserInScope(deps.db, scope, id);
  return readPicture(deps, actor.clientId, user.profile_picture);
}

export async function readOwnPicture(deps: AppDeps, actor: Actor): Promise<StoredPicture> {
  const user = await findUserById(deps.db, actor.clientId, actor.userId);
  return readPicture(deps, actor.clientId, user?.profile_picture ?? null);
}
