import { LOCALES, type TLocale } from '@lms/contracts/constants';
import type { TModule, TModuleBody } from '@lms/contracts/modules';
import { FileInput, Group, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { uploadModule } from '../api/courses';
import { UploadForm } from './upload-form';
import { useUpload } from './use-upload';

interface Props {
  courseId: string;
  /** Editing an existing module: the file is optional and replaces its package. */
  module?: TModule;
  onDone: (module: TModule) => void;
}

const titlesOf = (module: TModule | undefined) =>
  Object.fromEntries(LOCALES.map((l) => [l, module?.i18n[l]?.title ?? ''])) as Record<TLocale, string>;

/**
 * Upload of a SCORM zip or a PDF (the server tells them apart by content) with a title per locale and the
 * duration; shows the upload's progress and, for a refused package, the fault the server named.
 */
export function ModuleForm({ courseId, module, onDone }: Props) {
  const { t } = useTranslation('courses');
  const errorText = useErrorText();
  const [titles, setTitles] = useState(() => titlesOf(module));
  const [duration, setDuration] = useState<number | ''>(module?.durationInMinutes ?? 45);
  const [file, setFile] = useState<File | null>(null);

  const explain = (err: unknown) => {
    const details = isApiError(err) ? err.details : undefined;
    if (isApiError(err) && err.code === 'scorm_invalid' && typeof details?.message === 'string')
      return `${errorText(err)} ${details.message}`;
    return errorText(err);
  };
  const { progress, error, setError, run } = useUpload(explain);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const i18n: TModuleBody['i18n'] = {};
    for (const l of LOCALES) if (titles[l].trim()) i18n[l] = { title: titles[l].trim() };
    if (Object.keys(i18n).length === 0) return setError(t('modules.titleRequired'));
    if (!module && !file) return setError(t('modules.fileRequired'));
    if (duration === '') return setError(t('modules.durationRequired'));
    await run(async (onProgress) => {
      const saved = await uploadModule(
        courseId,
        module?.id ?? null,
        { i18n, durationInMinutes: duration },
        file,
        onProgress,
      );
      // The page remounts its "add" form after a save (use-course-items.ts formKey): no field is reset by hand.
      onDone(saved);
    });
  };

  return (
    <UploadForm
      onSubmit={submit}
      error={error}
      progress={progress}
      progressLabel={t('modules.uploading')}
      submitLabel={t(module ? 'modules.save' : 'modules.upload')}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {LOCALES.map((l) => (
          <TextInput
            key={l}
            label={t('modules.titleIn', { language: t(`locales.${l}`) })}
            value={titles[l]}
            maxLength={200}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setTitles((prev) => ({ ...prev, [l]: value }));
            }}
          />
        ))}
      </SimpleGrid>
      <Group align="flex-end" grow>
        <NumberInput
          label={t('modules.duration')}
          min={0}
          value={duration}
          onChange={(v) => setDuration(typeof v === 'number' ? v : '')}
        />
        <FileInput
          label={t(module ? 'modules.replaceFile' : 'modules.file')}
          description={t('modules.fileHint')}
          accept=".zip,.pdf,application/zip,application/pdf"
          value={file}
          onChange={setFile}
          clearable
        />
      </Group>
    </UploadForm>
  );
}
