/**
 * Read by screen readers, not shown: a table heading over a column of buttons, the whole of a cut text.
 * Sizes in px strings: in MUI's `sx` a bare 1 is 100 % (and a margin of -1 is a spacing unit), which
 * made a hidden text as wide as its container and pushed the page sideways.
 */
export const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;
