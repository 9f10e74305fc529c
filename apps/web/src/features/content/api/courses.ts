import { ZOk } from '@lms/contracts/common';
import { ZApiError } from '@lms/contracts/errors';
import { ZCourse, ZCoursePage, ZCourseWithId, type TCourseBody, type TCourseSort } from '@lms/contracts/courses';
import { ZModule, ZModuleList, type TModuleBody } from '@lms/contracts/modules';
import type { TCourseFileBody } from '@lms/contracts/course-files';
import { ZLaunchResult } from '@lms/contracts/scorm-runtime';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiDelete, apiFetchBlob, apiGet, apiPost } from '../../../lib/api-client';
import { getAuthState } from '../../../lib/auth-store';

export interface CourseListParams {
  page: number;
  pageSize: number;
  search?: string;
  sort: TCourseSort;
  order: 'asc' | 'desc';
}

export const courseKeys = {
  all: ['courses'] as const,
  list: (p: CourseListParams) => ['courses', 'list', p] as const,
  one: (id: string) => ['courses', 'one', id] as const,
};

const listPath = (p: CourseListParams) => {
  const q = new URLSearchParams({ page: String(p.page), pageSize: String(p.pageSize), sort: p.sort, order: p.order });
  if (p.search) q.set('search', p.search);
  return `/courses?${q.toString()}`;
};

export const useCourses = (p: CourseListParams) =>
  useQuery({
    queryKey: courseKeys.list(p),
    queryFn: () => apiGet(listPath(p), ZCoursePage),
    placeholderData: keepPreviousData,
  });

export const useCourse = (id: string) =>
  useQuery({ queryKey: courseKeys.one(id), queryFn: () => apiGet(`/courses/${id}`, ZCourse), enabled: id !== '' });

export const saveCourse = (id: string | null, body: TCourseBody) =>
  apiPost(id ? `/courses/${id}` : '/courses', body, ZCourse);

export const deleteCourse = (id: string) => apiDelete(`/courses/${id}`, ZOk);

/** Issue 32 point 3: the cropped cover picture (the server checks and stores it as a 16:9 WebP). */
export function uploadCourseCover(id: string, picture: Blob) {
  const form = new FormData();
  form.append('file', picture, 'cover.jpg');
  return apiPost(`/courses/${id}/cover`, form, ZCourse);
}

export const removeCourseCover = async (id: string) => ZCourse.parse(await apiDelete(`/courses/${id}/cover`, ZCourse));

export const deleteModule = (courseId: string, id: string) => apiDelete(`/courses/${courseId}/modules/${id}`, ZOk);

export const orderModules = (courseId: string, moduleIds: string[]) =>
  apiPost(`/courses/${courseId}/modules/all/order`, { moduleIds }, ZModuleList);

export const previewModule = (courseId: string, moduleId: string, restart = false) =>
  apiPost(`/courses/${courseId}/modules/${moduleId}/preview-launch`, { restart }, ZLaunchResult);

export const deleteCourseFile = (courseId: string, id: string) => apiDelete(`/courses/${courseId}/files/${id}`, ZOk);

export const fetchCourseFilePart = (courseId: string, id: string, part: 'pdf' | 'logo') =>
  apiFetchBlob(`/courses/${courseId}/files/${id}/${part}`);

/**
 * Multipart upload with progress (fetch reports none): XMLHttpRequest with the session's bearer token. Errors
 * arrive as ApiError like every other call; a 401 or 403 here is rare enough to be shown as its text.
 */
function upload<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  onProgress?: (percent: number) => void,
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    const token = getAuthState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Network error'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(schema.parse(body));
        return;
      }
      const parsed = ZApiError.safeParse(body);
      reject(
        parsed.success
          ? new ApiError(xhr.status, parsed.data.error, parsed.data.message, parsed.data.details)
          : new ApiError(xhr.status, xhr.status === 413 ? 'payload_too_large' : 'upload_failed', `HTTP ${xhr.status}`),
      );
    };
    xhr.send(form);
  });
}

export function uploadModule(
  courseId: string,
  moduleId: string | null,
  data: TModuleBody,
  file: File | null,
  onProgress?: (percent: number) => void,
) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (file) form.append('file', file, file.name);
  return upload(`/courses/${courseId}/modules${moduleId ? `/${moduleId}` : ''}`, form, ZModule, onProgress);
}

export function uploadCourseFile(
  courseId: string,
  fileId: string | null,
  data: TCourseFileBody,
  parts: { pdf: File | null; logo: File | null },
  onProgress?: (percent: number) => void,
) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (parts.pdf) form.append('pdf', parts.pdf, parts.pdf.name);
  if (parts.logo) form.append('logo', parts.logo, parts.logo.name);
  return upload(`/courses/${courseId}/files${fileId ? `/${fileId}` : ''}`, form, ZCourseWithId, onProgress);
}
