import {
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  LevelSelect,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput as RaRichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import { useMemo } from 'react';
import { useFormMode } from './CampoForm';

interface Props {
  name: string;
  label: string;
  required?: boolean;
  helperText?: string;
  /** The editing area's height in lines (spec 3 §9: guideline texts, 7). */
  rows?: number;
  /** What a screen reader calls the editing area, when the label alone repeats on the page (default: the label). */
  accessibleName?: string;
}

/** Keeps what the editor gives: an emptied editor is '' (the rule says 'Requerido'), never null. */
const keep = (value: string) => value;

/**
 * A rich-text editor (tiptap, through react-admin's input) bound to the form by its name. Its toolbar
 * holds what the server keeps after sanitising: headings, emphasis, lists, links and quotes; the
 * tooltips and labels come from the Spanish `ra.tiptap.*` messages.
 */
export function RichTextInput({ name, label, required, helperText, rows = 7, accessibleName }: Props) {
  const readOnly = useFormMode() === 'VIEW';
  // The editing area is the textbox a screen reader reaches: it had no name (the label names its wrapper).
  // Kept stable: the editor is built again whenever its options change.
  const editorOptions = useMemo(() => ({ ...DefaultEditorOptions, editorProps: { attributes: { 'aria-label': accessibleName ?? label } } }), [accessibleName, label]);
  return (
    <RaRichTextInput
      editorOptions={editorOptions}
      source={name}
      label={label}
      isRequired={required}
      helperText={helperText ?? ' '}
      parse={keep}
      disabled={readOnly}
      toolbar={
        readOnly ? null : (
          <RichTextInputToolbar size="small">
            <LevelSelect size="small" />
            <FormatButtons size="small" />
            <ListButtons size="small" />
            <LinkButtons size="small" />
            <QuoteButtons size="small" />
            <ClearButtons size="small" />
          </RichTextInputToolbar>
        )
      }
      sx={{ '& .ProseMirror': { minHeight: `${rows * 1.5}em` } }}
    />
  );
}
