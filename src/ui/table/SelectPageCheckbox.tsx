import { Checkbox } from '@mui/material';

/**
 * A table header's 'Seleccionar la página' (or `label`): ticked when every row it covers that can be picked
 * is, half-ticked when some are. A click picks them all (from none or some) or, all picked, lets them go.
 * `selectable`: how many rows it covers can be picked; `selected`: how many of those are.
 */
export function SelectPageCheckbox({ selectable, selected, onChange, label = 'Seleccionar la página' }: { selectable: number; selected: number; onChange: (pick: boolean) => void; label?: string }) {
  const all = selectable > 0 && selected >= selectable;
  return (
    <Checkbox
      checked={all}
      indeterminate={selected > 0 && !all}
      disabled={!selectable}
      onChange={() => onChange(!all)}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}
