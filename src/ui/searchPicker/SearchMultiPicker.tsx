/**
 * A picker of several items that searches the server as the user types (the clients of the Reporte de
 * Moves). It holds the items themselves, so the ones chosen keep their names whatever a search brings.
 */
import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import type { Pickable, PickerOption } from './options';
import { sameOption } from './options';
import { type SearchSource, useSearchList } from './SearchPicker';

export function SearchMultiPicker<T extends Pickable>({
  source,
  filter = {},
  chosen,
  onChange,
  label,
  helperText,
  error,
}: {
  source: SearchSource<T>;
  filter?: Record<string, unknown>;
  chosen: T[];
  onChange: (items: T[]) => void;
  label: string;
  helperText?: string;
  error?: string;
}) {
  const labelOf = (o: PickerOption<T>) => (o.kind === 'item' ? source.nameOf(o.item) : o.label);
  const list = useSearchList({ source, filter, shownLabel: null, chosen: null, labelOf });
  const selected = useMemo(() => chosen.map((item): PickerOption<T> => ({ kind: 'item', item })), [chosen]);
  // The chosen options are always among the options (the Autocomplete warns otherwise), shown or not.
  const options = [...list.shown, ...selected.filter((o) => !list.shown.some((s) => sameOption(s, o)))];
  return (
    <Autocomplete<PickerOption<T>, true, boolean>
      {...list.props}
      multiple
      options={options}
      value={selected}
      getOptionLabel={labelOf}
      onChange={(_, value) => onChange(value.flatMap((o) => (o.kind === 'item' ? [o.item] : [])))}
      renderInput={(params) => <TextField {...params} label={label} placeholder="Filtrar resultados" size="small" error={Boolean(error)} helperText={error ?? helperText ?? ' '} />}
    />
  );
}
