import { Alert, Button, Group, Progress, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface Props {
  onSubmit: (e: FormEvent) => Promise<void>;
  error: string | null;
  /** The upload's percentage while it runs. */
  progress: number | null;
  progressLabel: string;
  submitLabel: string;
  children: ReactNode;
}

/** The frame of an upload form: its error, its fields, the progress bar while it uploads and the submit button. */
export function UploadForm({ onSubmit, error, progress, progressLabel, submitLabel, children }: Props) {
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {children}
        {progress !== null && (
          <Progress.Root size="lg">
            <Progress.Section value={progress} animated aria-label={progressLabel} />
          </Progress.Root>
        )}
        <Group>
          <Button type="submit" loading={progress !== null}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
