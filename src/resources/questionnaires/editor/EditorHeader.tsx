import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import { useController, useFormContext } from 'react-hook-form';
import { QUESTIONNAIRE_MERGE_TEXT } from '../../../../domain/questionnaire-merge';
import { checkText, LENGTHS } from '../../../../domain/questionnaire-weights';
import { type QuestionnaireContent, type QuestionnaireVersion, VERSION_TYPES } from '../../../../domain/questionnaires';
import { formatDisplayDate } from '../../../../domain/validation';
import { useFieldError } from './inputs';
import { ScreenTitle } from '../../../ui/ScreenTitle';

interface Props {
  mode: 'ADD' | 'EDIT';
  loaded?: QuestionnaireVersion;
  duplicateOf?: string;
  onBack: () => void;
  onVersionChange?: (version: number) => void;
  /** The form holds typed work re-applied on `loaded` after another person's save. */
  rebased?: boolean;
}

/** Title, back arrow, the questionnaire's name and type, and the version selector when there are several. */
export function EditorHeader({ mode, loaded, duplicateOf, onBack, onVersionChange, rebased }: Props) {
  const { register } = useFormContext<QuestionnaireContent>();
  const { ref: nameRef, ...name } = register('name', { validate: (v) => checkText(v, LENGTHS.questionnaireName) ?? true });
  const nameError = useFieldError('name');
  const type = useController<QuestionnaireContent, 'questionnaire_version_type'>({ name: 'questionnaire_version_type' });
  const versions = loaded?.versions ?? [];
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <IconButton aria-label="Volver" onClick={onBack}>
          <ArrowBackIcon />
        </IconButton>
        <ScreenTitle>{mode === 'ADD' ? 'NUEVO CUESTIONARIO' : 'EDITAR CUESTIONARIO'}</ScreenTitle>
      </Box>
      {duplicateOf && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Copia de «{duplicateOf}»: se guardará como un cuestionario nuevo.
        </Typography>
      )}
      {loaded && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Se parte de la versión {loaded.version}; al enviar se registra una versión nueva. Los nombres y tipos de las dimensiones y subdimensiones existentes no cambian.
        </Typography>
      )}
      {loaded && rebased && (
        <Typography variant="body2" color="warning.main" sx={{ mb: 2 }} role="status">
          {QUESTIONNAIRE_MERGE_TEXT.pending(loaded.version)}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          {...name}
          inputRef={nameRef}
          label="Nombre del cuestionario"
          required
          size="small"
          sx={{ flex: 1, minWidth: 260 }}
          error={Boolean(nameError)}
          helperText={nameError ?? ' '}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
        <TextField select size="small" label="Tipo de cuestionario" value={type.field.value} onChange={(e) => type.field.onChange(e.target.value)} sx={{ width: 200 }}>
          {VERSION_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        {loaded && versions.length > 1 && (
          <TextField select size="small" label="Versión" value={loaded.version} onChange={(e) => onVersionChange?.(Number(e.target.value))} sx={{ width: 240 }}>
            {versions.map((v) => (
              <MenuItem key={v.version} value={v.version}>
                {`Versión ${v.version} · ${formatDisplayDate(v.createdAt)}`}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
    </>
  );
}
