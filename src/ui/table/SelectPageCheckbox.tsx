import { Checkbox } from '@mui/material';

/**
 * A table header's 'Seleccionar la página': ticked when every row of the page that can be picked is,
 * half-ticked when some are. A click picks them all (from none or some) or, all picked, lets them go.
 * `selectable`: how many rows of the page can be picked; `selected`: how many of those are.
 */
export function SelectPageCheckbox({ selectable, selected, onChange }: { selectable: number; selected: number; onChange: (pick: boolean) => void }) {
  const all = selectable > 0 && selected >= selectable;
  return (
    <Checkbox
      checked={all}
      indeterminate={selected > 0 && !all}
      disabled={!selectable}
      onChange={() => onChange(!all)}
      slotProps={{ input: { 'aria-label': 'Seleccionar la página' } }}
    />
  );
}
