import { Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';

// The crop of a course's cover (issue 32 point 3), in a chunk of its own: react-easy-crop loads only when a content
// master picks a picture in the course editor, never on /login or the learner's pages.

const RATIO = 16 / 9;

/** Picks the 16:9 part of a picture (drag to move, wheel, pinch or the slider to zoom); answers it in pixels. */
export default function CoverCropper({ src, onArea }: { src: string; onArea: (area: Area) => void }) {
  const { t } = useTranslation('courses');
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  return (
    <Stack gap="sm">
      <div style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', background: '#222', borderRadius: 8 }}>
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={RATIO}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => onArea(pixels)}
          objectFit="cover"
        />
      </div>
      <Text size="sm" id="cover-zoom-label">
        {t('cover.zoom')}
      </Text>
      <Slider
        value={zoom}
        min={1}
        max={3}
        step={0.05}
        onChange={setZoom}
        label={null}
        thumbProps={{ 'aria-labelledby': 'cover-zoom-label' }}
      />
    </Stack>
  );
}
