import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { videoEmbedUrl, videoId } from '../../../domain/richText';
import { isUrl } from '../../../domain/validation';
import { TextInput } from './inputs';

interface Props {
  name: string;
  label: string;
  helperText?: string;
}

const previewBox = { mt: 0.5, mb: 2, width: '100%', maxWidth: 480, aspectRatio: '16 / 9', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' } as const;

/** A video link (YouTube, or its 11-character id) with the player of the video it names. */
export function VideoUrlInput({ name, label, helperText = 'Enlace de YouTube o id de 11 caracteres' }: Props) {
  const value = useWatch({ name }) as string | null | undefined;
  const id = videoId(value);
  return (
    <Box>
      <TextInput name={name} label={label} helperText={helperText} />
      {id && (
        <Box sx={previewBox}>
          <iframe
            src={videoEmbedUrl(id)}
            title={`Vista previa del video ${id}`}
            width="100%"
            height="100%"
            style={{ border: 0, display: 'block' }}
            allow="encrypted-media; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation"
          />
        </Box>
      )}
    </Box>
  );
}

/** An image link with the image it points to. */
export function ImageUrlInput({ name, label, helperText }: Props) {
  const value = (useWatch({ name }) as string | null | undefined)?.trim() ?? '';
  const src = value && isUrl(value) ? (/^https?:\/\//i.test(value) ? value : `https://${value}`) : null;
  return (
    <Box>
      <TextInput name={name} label={label} helperText={helperText} />
      {src && (
        <Box sx={{ ...previewBox, aspectRatio: 'auto', maxHeight: 280, display: 'flex', justifyContent: 'center', bgcolor: 'action.hover' }}>
          <img src={src} alt={`Vista previa de ${label}`} style={{ maxWidth: '100%', maxHeight: 280, objectFit: 'contain' }} referrerPolicy="no-referrer" />
        </Box>
      )}
    </Box>
  );
}
