import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { GUIDELINE_SECTIONS } from '../../../domain/guidelines';
import { TextInput } from '../../ui/form/inputs';
import { ImageUrlInput, VideoUrlInput } from '../../ui/form/MediaInputs';
import { RichTextInput } from '../../ui/form/RichTextInput';

/** A collapsible section; its title warns when a field inside has an error the user may not see. */
function Section({ title, fields, children }: { title: string; fields: string[]; children: ReactNode }) {
  const { errors, submitCount } = useFormState({ name: fields });
  const failing = submitCount > 0 && fields.some((f) => f in errors);
  const id = `guideline-section-${title}`;
  return (
    // One heading per section, the accordion's own (MUI's is an h3 around the button; a heading inside it was a second one).
    <Accordion defaultExpanded disableGutters variant="outlined" sx={{ mb: 1 }} slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${id}-header`} aria-controls={`${id}-content`}>
        <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {failing && <ErrorOutlineIcon color="error" fontSize="small" sx={{ ml: 1 }} titleAccess="Hay campos con errores" />}
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`}>{children}</AccordionDetails>
    </Accordion>
  );
}

/**
 * The guideline form (spec 3 §2): sections Nombre, General, Antes, Durante and Después; each
 * specification has its text (7 lines), a video link and an image link with their previews.
 */
export function GuidelineFields() {
  return (
    <>
      <Section title="Nombre" fields={['name']}>
        <TextInput name="name" label="Nombre" required />
      </Section>
      {GUIDELINE_SECTIONS.map(({ key, title }) => (
        <Section key={key} title={title} fields={[key, `${key}Video`, `${key}Img`]}>
          <RichTextInput name={key} label="Texto" accessibleName={`Texto: ${title}`} required rows={7} helperText="Al menos 120 caracteres" />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, mt: 1 }}>
            <VideoUrlInput name={`${key}Video`} label="URL del video" />
            <ImageUrlInput name={`${key}Img`} label="URL de la imagen" />
          </Box>
        </Section>
      ))}
    </>
  );
}
