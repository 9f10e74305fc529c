import { useState } from 'react';

/**
 * A form that uploads with progress: the error it shows and the upload's percentage while it runs. `run` clears
 * the error, reports progress to the form and turns a failure into the text `explain` gives.
 */
export function useUpload(explain: (err: unknown) => string) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (upload: (onProgress: (percent: number) => void) => Promise<void>) => {
    setError(null);
    setProgress(0);
    try {
      await upload(setProgress);
    } catch (err) {
      setError(explain(err));
    } finally {
      setProgress(null);
    }
  };

  return { progress, error, setError, run };
}
