import { Autocomplete, Chip, TextField } from '@mui/material';
import { chipProps } from './chips';
import { useState } from 'react';
import { addEmail, LOCATION_TEXT, splitEmails } from '../../../domain/locations';
import { isEmail } from '../../../domain/validation';
import { useHoldSave } from './CampoForm';
import { useField } from './inputs';

/**
 * A list of e-mail addresses typed one at a time: Enter (or leaving the box) adds the address as a
 * chip, a repeated one is ignored and an invalid one stays in the box with 'Email inválido' (spec 1 §5),
 * and keeps the form from saving: saved, the address the user still sees would be silently dropped.
 * Several pasted at once ('a@x.com, b@x.com', as the bulk load's cell holds them) are each added; the
 * invalid ones among them stay in the box.
 */
export function EmailListInput({ name, label, required, disabled }: { name: string; label: string; required?: boolean; disabled?: boolean }) {
  const { field, shownError, readOnly } = useField(name);
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const list: string[] = Array.isArray(field.value) ? field.value : [];

  const add = (entry: string) => {
    const parts = splitEmails(entry);
    if (!parts.length) return;
    const valid = parts.filter(isEmail);
    const refused = parts.filter((part) => !isEmail(part));
    if (valid.length) field.onChange(valid.reduce(addEmail, list));
    // What is not an address stays where the user can mend it.
    setTyped(refused.join(' '));
    setInvalid(refused.length > 0);
  };

  useHoldSave(name, () => {
    const held = splitEmails(typed).some((part) => !isEmail(part));
    if (held) setInvalid(true);
    return held;
  });

  const error = invalid ? LOCATION_TEXT.emailList : shownError;
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[] as string[]}
      value={list}
      inputValue={typed}
      disabled={disabled || readOnly}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') {
          setTyped(text);
          setInvalid(false);
        }
      }}
      onChange={(_, values, reason) => {
        // Enter creates an option from the typed text; removals come as the shorter list.
        if (reason === 'createOption') add(String(values[values.length - 1]));
        else field.onChange(values.map(String));
      }}
      onBlur={() => {
        // An address typed and left without Enter is added too, not dropped while it still shows.
        add(typed);
        field.onBlur();
      }}
      renderValue={(values, getItemProps) => values.map((email, index) => <Chip size="small" label={email} {...chipProps(getItemProps({ index }), disabled || readOnly)} key={email} />)}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error ?? LOCATION_TEXT.emailHint}
          size="small"
        />
      )}
    />
  );
}
