import { COVER_HEIGHT, COVER_WIDTH, type TCourse } from '@lms/contracts/courses';
import { Alert, Box, Button, FileButton, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { CourseCover } from '../../../components/course-cover';
import { NamedLoader } from '../../../components/named-loader';
import { useErrorText } from '../../../lib/error-text';
import { closeButton, notifySuccess } from '../../../lib/notify';
import { courseKeys, removeCourseCover, uploadCourseCover } from '../api/courses';

const CoverCropper = lazy(() => import('./cover-cropper'));

const ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';

/**
 * The chosen part of the picture drawn at the stored size (16:9, COVER_WIDTH x COVER_HEIGHT), as a JPEG: the server
 * checks and re-encodes it all the same, and gets a small upload whatever the original weighed.
 */
async function cropped(src: string, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = COVER_WIDTH;
  canvas.height = COVER_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, COVER_WIDTH, COVER_HEIGHT);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no blob'))), 'image/jpeg', 0.9),
  );
}

/** The course editor's cover: the picture (or the pattern), choose and crop a new one, or remove it. */
export function CourseCoverField({ course }: { course: TCourse }) {
  const { t } = useTranslation('courses');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<string | null>(null);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  const saved = async (next: TCourse, message: string) => {
    queryClient.setQueryData(courseKeys.one(next.id), next);
    await queryClient.invalidateQueries({ queryKey: courseKeys.all });
    notifySuccess(message);
  };
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const upload = () =>
    run(async () => {
      if (!source || !area) return;
      const blob = await cropped(source, area);
      await saved(await uploadCourseCover(course.id, blob), t('cover.saved'));
      setSource(null);
    });
  const remove = () => run(async () => saved(await removeCourseCover(course.id), t('cover.removed')));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="course-cover-title">
      <Stack gap="sm">
        <Text fw={650} id="course-cover-title">
          {t('cover.title')}
        </Text>
        <Text size="sm">{t('cover.hint')}</Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Box maw={360}>
          <CourseCover courseId={course.id} coverUrl={course.coverUrl} width={360} radius="var(--mantine-radius-md)" />
        </Box>
        <Group>
          <FileButton
            accept={ACCEPT}
            onChange={(file) => {
              setError(null);
              if (file) setSource(URL.createObjectURL(file));
            }}
          >
            {(props) => (
              <Button {...props} variant="default" disabled={busy}>
                {t(course.coverUrl ? 'cover.replace' : 'cover.choose')}
              </Button>
            )}
          </FileButton>
          {course.coverUrl && (
            <Button variant="default" color="red" disabled={busy} onClick={() => void remove()}>
              {t('cover.remove')}
            </Button>
          )}
        </Group>
      </Stack>
      <Modal
        opened={source !== null}
        onClose={() => setSource(null)}
        title={t('cover.cropTitle')}
        size="lg"
        closeButtonProps={closeButton()}
      >
        <Stack>
          <Text size="sm">{t('cover.cropHint')}</Text>
          <Suspense fallback={<NamedLoader label={t('cover.loading')} />}>
            {source && <CoverCropper src={source} onArea={setArea} />}
          </Suspense>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setSource(null)} disabled={busy}>
              {t('cover.cancel')}
            </Button>
            <Button onClick={() => void upload()} loading={busy} disabled={!area}>
              {t('cover.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
